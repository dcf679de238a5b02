import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore } from 'react-admin';
import { accessFor } from '../../../src/authProvider/permissions';
import { dataProvider } from '../../../src/dataProvider';
import { useNativeAvailable } from '../../../src/fleet/actions/useNativeAvailable';
import { fakeFetch, jsonResponse } from './fakeFetch';

const user = (limitCommands: boolean) => ({
  administrator: false,
  readonly: false,
  deviceReadonly: false,
  limitCommands,
  attributes: {},
});
const server = { readonly: false, deviceReadonly: false, limitCommands: false, attributes: {} };

afterEach(() => vi.unstubAllGlobals());

/** The hook reads the server through react-admin's data provider and query client. */
const wrapper = ({ children }: { children: ReactNode }) => (
  <AdminContext dataProvider={dataProvider} store={memoryStore()}>
    {children}
  </AdminContext>
);

describe('lock and unlock availability', () => {
  it('allows both with raw commands, without asking the server', () => {
    const { fetchMock } = fakeFetch({});
    const { result } = renderHook(
      () => useNativeAvailable(5, accessFor(user(false), server, false)),
      { wrapper },
    );
    expect(result.current).toEqual({ engineStop: true, engineResume: true });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('under limitCommands allows only what a saved changeNative command stands in for', async () => {
    const { requests } = fakeFetch({
      'GET /api/commands/send': () =>
        jsonResponse([
          {
            id: 9,
            description: 'Bloquear',
            type: 'custom',
            textChannel: false,
            attributes: { 'tarkan.changeNative': 'engineStop' },
          },
        ]),
    });
    const { result } = renderHook(
      () => useNativeAvailable(5, accessFor(user(true), server, false)),
      { wrapper },
    );
    expect(result.current).toEqual({ engineStop: false, engineResume: false });
    await waitFor(() => expect(result.current).toEqual({ engineStop: true, engineResume: false }));
    expect(requests[0].url.searchParams.get('deviceId')).toBe('5');
  });
});
