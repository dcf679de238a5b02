import { renderHook, waitFor } from '@testing-library/react';
import { accessFor } from '../../../src/authProvider/permissions';
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

describe('lock and unlock availability', () => {
  it('allows both with raw commands, without asking the server', () => {
    const { fetchMock } = fakeFetch({});
    const { result } = renderHook(() =>
      useNativeAvailable(5, accessFor(user(false), server, false)),
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
    const { result } = renderHook(() =>
      useNativeAvailable(5, accessFor(user(true), server, false)),
    );
    expect(result.current).toEqual({ engineStop: false, engineResume: false });
    await waitFor(() => expect(result.current).toEqual({ engineStop: true, engineResume: false }));
    expect(requests[0].url.searchParams.get('deviceId')).toBe('5');
  });
});
