import { request, timeoutFor } from '../../../../src/dataProvider/http';
import { dataProvider } from '../../../../src/dataProvider';
import { defaultBrand } from '../../../../model/brand';
import { fakeFetch, jsonResponse, testServer, textResponse } from '../fakeFetch';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('request', () => {
  it('sends cookies and a form body', async () => {
    const { fetchMock } = fakeFetch({ 'POST /api/session': () => textResponse('ok') });
    await request('/api/session', { method: 'POST', form: { email: 'a@b.c', password: 'x y' } });
    const init = fetchMock.mock.calls[0][1];
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('email=a%40b.c&password=x+y');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe(
      'application/x-www-form-urlencoded',
    );
  });

  it('treats 3xx-and-below as success and parses JSON by content type', async () => {
    fakeFetch({ 'GET /api/server': () => jsonResponse({ id: 1 }, 200) });
    await expect(request('/api/server')).resolves.toMatchObject({ status: 200, body: { id: 1 } });
  });

  it('throws an HttpError carrying the status and the text body', async () => {
    fakeFetch({
      'POST /api/session': () =>
        textResponse('HTTP 401 Unauthorized - WebApplicationException', 401),
    });
    await expect(request('/api/session', { method: 'POST' })).rejects.toMatchObject({
      status: 401,
      body: 'HTTP 401 Unauthorized - WebApplicationException',
      message: 'HTTP 401 Unauthorized - WebApplicationException',
    });
  });

  it('throws with the parsed JSON body for JSON errors', async () => {
    fakeFetch({ 'POST /api/session': () => jsonResponse({ error: 'Account is suspended' }, 400) });
    await expect(request('/api/session', { method: 'POST' })).rejects.toMatchObject({
      status: 400,
      body: { error: 'Account is suspended' },
    });
  });

  it('reports a network failure with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(request('/api/server')).rejects.toMatchObject({ status: 0 });
  });

  it('gives /api 60 s and /tarkan 30 s', () => {
    expect(timeoutFor('/api/devices')).toBe(60_000);
    expect(timeoutFor('/tarkan/shares')).toBe(30_000);
  });

  it('aborts a request that outlives its timeout', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_: unknown, init?: RequestInit) =>
          new Promise((_resolve, reject) =>
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted'))),
          ),
      ),
    );
    const pending = request('/tarkan/shares');
    const assertion = expect(pending).rejects.toMatchObject({ status: 0 });
    await vi.advanceTimersByTimeAsync(30_000);
    await assertion;
    vi.useRealTimers();
  });
});

describe('server info', () => {
  it('reads the plus-licence headers', async () => {
    fakeFetch({
      'GET /api/server': () =>
        jsonResponse(testServer, 200, { licensemode: 'TarkanPlus', devicelimit: '42' }),
    });
    await expect(dataProvider.getServerInfo()).resolves.toMatchObject({
      licenseMode: 'TarkanPlus',
      deviceLimit: 42,
    });
  });

  it('has no licence without the headers', async () => {
    fakeFetch({ 'GET /api/server': () => jsonResponse(testServer) });
    await expect(dataProvider.getServerInfo()).resolves.toMatchObject({
      licenseMode: null,
      deviceLimit: null,
    });
  });

  it('falls back to the built-in brand when config.json fails', async () => {
    fakeFetch({});
    await expect(dataProvider.getBrand()).resolves.toEqual(defaultBrand);
  });

  it('keeps valid branding fields', async () => {
    fakeFetch({
      'GET /tarkan/assets/custom/config.json': () =>
        jsonResponse({ title: 'Rastreia', headLogo: { image: true, text: 'R' } }),
    });
    await expect(dataProvider.getBrand()).resolves.toMatchObject({
      title: 'Rastreia',
      headLogo: { image: true, text: 'R' },
      whatsapp: '',
    });
  });
});
