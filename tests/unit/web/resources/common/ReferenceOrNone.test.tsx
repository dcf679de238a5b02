import { screen, waitFor } from '@testing-library/react';
import { Form, ResourceContextProvider, type AuthProvider, type DataProvider } from 'react-admin';
import { vi } from 'vitest';
import { encodePerms } from '../../../../../model';
import { ReferenceOrNone } from '../../../../../src/resources/common/ReferenceOrNone';
import { renderInApp } from '../../appHarness';
import { testUser } from '../../fakeFetch';

/** A non-admin with the given advanced bits, on a plus server that enforces them. */
const renderFor = (perms: Parameters<typeof encodePerms>[0]) => {
  const user = {
    ...testUser,
    administrator: false,
    attributes: { 'tarkan.advancedPerms': encodePerms(perms) },
  };
  const server = { attributes: { 'tarkan.enableAdvancedPerms': true } };
  const authProvider: AuthProvider = {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => user,
  };
  const getList = vi.fn(async () => ({ data: [{ id: 7, name: 'Turno da noite' }], total: 1 }));
  const dataProvider = { getList, getMany: async () => ({ data: [] }) } as unknown as DataProvider;
  renderInApp(
    <ResourceContextProvider value="geofence">
      <Form record={{ id: 1, calendarId: 0 }}>
        <ReferenceOrNone source="calendarId" reference="calendars" text="name" />
        <span>form ready</span>
      </Form>
    </ResourceContextProvider>,
    { plus: true, server, authProvider, dataProvider },
  );
  return getList;
};

describe('a choice of another area’s object (a geofence’s or notification’s calendar)', () => {
  it('is offered, from that area’s list, to a user who may read the area', async () => {
    const getList = renderFor(['geofences', 'calendars']);
    await waitFor(() => expect(getList).toHaveBeenCalledWith('calendars', expect.anything()));
    await waitFor(() => expect(screen.getByLabelText(/Calendário/)).toBeInTheDocument());
  });

  it('is left out, without asking the server, for a user the bits keep out of the area', async () => {
    const getList = renderFor(['geofences']);
    await screen.findByText('form ready');
    // Long enough for a permission check and a query to have gone out.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(getList).not.toHaveBeenCalled();
    expect(screen.queryByLabelText(/Calendário/)).toBeNull();
  });
});
