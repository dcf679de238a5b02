import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore } from 'react-admin';
import { accessFor } from '../../../../../src/authProvider/permissions';
import { dataProvider } from '../../../../../src/dataProvider';
import { useNativeAvailable } from '../../../../../src/fleet/actions/useNativeAvailable';
import { fakeFetch, jsonResponse } from '../../fakeFetch';

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
  it('allows both with raw commands while the device’s types are being read', () => {
    fakeFetch({});
    const { result } = renderHook(
      () => useNativeAvailable(5, accessFor(user(false), server, false)),
      { wrapper },
    );
    expect(result.current).toEqual({ engineStop: true, engineResume: true });
  });

  it('with raw commands, offers only what the device’s protocol takes', async () => {
    const { requests } = fakeFetch({
      'GET /api/commands/types': () =>
        jsonResponse([{ type: 'custom' }, { type: 'engineStop' }, { type: 'positionSingle' }]),
      'GET /api/commands/send': () => jsonResponse([]),
    });
    const { result } = renderHook(
      () => useNativeAvailable(5, accessFor(user(false), server, false)),
      { wrapper },
    );
    await waitFor(() => expect(result.current).toEqual({ engineStop: true, engineResume: false }));
    expect(requests[0].url.searchParams.get('deviceId')).toBe('5');
    // The saved commands are read for the one the protocol lacks: none stands in for it.
    await waitFor(() =>
      expect(requests.map((request) => request.path)).toContain('/api/commands/send'),
    );
    expect(result.current).toEqual({ engineStop: true, engineResume: false });
  });

  it('with raw commands, a saved stand-in makes up for what the protocol lacks', async () => {
    fakeFetch({
      'GET /api/commands/types': () => jsonResponse([{ type: 'custom' }]),
      'GET /api/commands/send': () =>
        jsonResponse([
          {
            id: 3,
            description: 'Desbloquear',
            type: 'custom',
            textChannel: false,
            attributes: { 'tarkan.changeNative': 'engineResume' },
          },
        ]),
    });
    const { result } = renderHook(
      () => useNativeAvailable(5, accessFor(user(false), server, false)),
      { wrapper },
    );
    await waitFor(() => expect(result.current).toEqual({ engineStop: false, engineResume: true }));
  });

  it('with raw commands and both types supported, reads no saved commands', async () => {
    const { requests } = fakeFetch({
      'GET /api/commands/types': () =>
        jsonResponse([{ type: 'engineStop' }, { type: 'engineResume' }]),
    });
    const { result } = renderHook(
      () => useNativeAvailable(5, accessFor(user(false), server, false)),
      { wrapper },
    );
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(result.current).toEqual({ engineStop: true, engineResume: true });
    expect(requests.map((request) => request.path)).toEqual(['/api/commands/types']);
  });

  it('keeps both offered when the types cannot be read (the server still refuses)', async () => {
    const { requests } = fakeFetch({});
    const { result } = renderHook(
      () => useNativeAvailable(5, accessFor(user(false), server, false)),
      { wrapper },
    );
    await waitFor(() => expect(requests).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(result.current).toEqual({ engineStop: true, engineResume: true });
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
    // A user limited to saved commands never sends a raw one: the protocol's types are not asked.
    expect(requests.map((request) => request.path)).toEqual(['/api/commands/send']);
  });
});
