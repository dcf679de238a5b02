import { QueryClient } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { CoreAdminContext, useAuthState, useGetIdentity, usePermissions } from 'react-admin';
import { authProvider, seedSessionQueries } from '../../../../src/authProvider';
import { setCurrentUser } from '../../../../src/authProvider/currentUser';
import { testUser } from '../fakeFetch';

const useSessionHooks = () => ({
  auth: useAuthState(undefined, false),
  permissions: usePermissions(),
  identity: useGetIdentity(),
});

const renderSessionHooks = (client: QueryClient) =>
  renderHook(useSessionHooks, {
    wrapper: ({ children }: { children: ReactNode }) => (
      <CoreAdminContext authProvider={authProvider} queryClient={client}>
        {children}
      </CoreAdminContext>
    ),
  });

afterEach(() => setCurrentUser(null));

describe('session queries known at start', () => {
  it("answer react-admin's own hooks in the first render, with nothing to fetch", () => {
    setCurrentUser(testUser);
    const client = new QueryClient();
    seedSessionQueries(client);
    const { result } = renderSessionHooks(client);
    expect(result.current.auth).toMatchObject({ authenticated: true, isPending: false });
    expect(result.current.permissions).toMatchObject({ permissions: testUser, isPending: false });
    expect(result.current.identity).toMatchObject({
      identity: { id: testUser.id, fullName: testUser.name, email: testUser.email },
      isPending: false,
    });
    // Fresh: mounting does not fetch them again (which would render the frame twice more).
    expect(client.isFetching()).toBe(0);
  });

  it('are left to react-admin when nobody is signed in', () => {
    const client = new QueryClient();
    seedSessionQueries(client);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
