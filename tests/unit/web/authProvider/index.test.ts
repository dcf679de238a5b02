import { authProvider } from '../../../../src/authProvider';
import { dataProvider } from '../../../../src/dataProvider';
import { setCurrentUser } from '../../../../src/authProvider/currentUser';
import { REMEMBER_TOKEN_KEY } from '../../../../src/authProvider/rememberToken';
import { registerSocket } from '../../../../src/authProvider/socketRegistry';
import { fakeFetch, jsonResponse, testUser, textResponse } from '../fakeFetch';

const PASSWORD = 'S3cret-pass!';
const UNAUTHORIZED = 'HTTP 401 Unauthorized - WebApplicationException';

const allStoredValues = () =>
  Array.from({ length: localStorage.length }, (_, index) => {
    const key = localStorage.key(index) ?? '';
    return `${key}=${localStorage.getItem(key)}`;
  }).join('\n');

beforeEach(() => {
  setCurrentUser(null);
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  registerSocket(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('authProvider.login', () => {
  it('posts the credentials form-encoded and remembers only a server token', async () => {
    const { requests } = fakeFetch({
      'POST /api/session': () => jsonResponse(testUser),
      'POST /api/session/token': () => textResponse('tok-123'),
    });

    await authProvider.login({ username: 'ana@example.com', password: PASSWORD, remember: true });

    const sessionForm = new URLSearchParams(requests[0].body);
    expect(sessionForm.get('email')).toBe('ana@example.com');
    expect(sessionForm.get('password')).toBe(PASSWORD);
    const expiration = new Date(new URLSearchParams(requests[1].body).get('expiration') ?? '');
    const days = (expiration.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect(localStorage.getItem(REMEMBER_TOKEN_KEY)).toBe('tok-123');
    expect(allStoredValues()).not.toContain(PASSWORD);
    expect(allStoredValues()).not.toContain(btoa(`ana@example.com|${PASSWORD}`));
  });

  it('asks for no token and drops an old one without remember-me', async () => {
    localStorage.setItem(REMEMBER_TOKEN_KEY, 'old');
    const { requests } = fakeFetch({ 'POST /api/session': () => jsonResponse(testUser) });

    await authProvider.login({ username: 'ana@example.com', password: PASSWORD });

    expect(requests.map((request) => request.path)).toEqual(['/api/session']);
    expect(localStorage.getItem(REMEMBER_TOKEN_KEY)).toBeNull();
  });

  it('rejects with the HTTP status and body on bad credentials', async () => {
    fakeFetch({ 'POST /api/session': () => textResponse(UNAUTHORIZED, 401) });
    await expect(
      authProvider.login({ username: 'ana@example.com', password: 'wrong' }),
    ).rejects.toMatchObject({ status: 401, body: UNAUTHORIZED });
  });
});

describe('authProvider.checkAuth', () => {
  it('accepts an existing cookie session', async () => {
    fakeFetch({ 'GET /api/session': () => jsonResponse(testUser) });
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    await expect(authProvider.getIdentity?.()).resolves.toMatchObject({
      fullName: 'Ana Souza',
      email: 'ana@example.com',
    });
  });

  it('falls back to the remember-me token when the session is gone', async () => {
    localStorage.setItem(REMEMBER_TOKEN_KEY, 'tok-123');
    const { requests } = fakeFetch({
      'GET /api/session': ({ url }) =>
        url.searchParams.get('token') === 'tok-123'
          ? jsonResponse(testUser)
          : textResponse('Not found - WebApplicationException', 404),
    });

    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    expect(requests.map((request) => request.url.search)).toEqual(['', '?token=tok-123']);
    expect(localStorage.getItem(REMEMBER_TOKEN_KEY)).toBe('tok-123');
  });

  it('drops a token the server refuses and redirects to the login with the way back', async () => {
    localStorage.setItem(REMEMBER_TOKEN_KEY, 'expired');
    window.history.replaceState(null, '', '/devices?expand=true');
    fakeFetch({
      'GET /api/session': ({ url }) =>
        url.searchParams.has('token')
          ? textResponse(UNAUTHORIZED, 401)
          : textResponse('Not found - WebApplicationException', 404),
    });

    await expect(authProvider.checkAuth({})).rejects.toMatchObject({
      redirectTo: '/login?to=%2Fdevices%3Fexpand%3Dtrue',
    });
    expect(localStorage.getItem(REMEMBER_TOKEN_KEY)).toBeNull();
  });

  it('sends driver routes to the driver login', async () => {
    window.history.replaceState(null, '', '/qr-driver');
    fakeFetch({});
    await expect(authProvider.checkAuth({})).rejects.toMatchObject({
      redirectTo: '/motorista?to=%2Fqr-driver',
    });
  });
});

describe('authProvider.logout', () => {
  it('ends the session, revokes and forgets the token, closes the socket and reloads', async () => {
    const { requests } = fakeFetch({
      'POST /api/session': () => jsonResponse(testUser),
      'POST /api/session/token': () => textResponse('tok-123'),
      'DELETE /api/session': () => textResponse('', 204),
      'POST /api/session/token/revoke': () => textResponse('', 204),
    });
    const socket = { close: vi.fn() };
    registerSocket(socket);
    await authProvider.login({ username: 'ana@example.com', password: PASSWORD, remember: true });

    const redirect = await authProvider.logout({});

    expect(redirect).toBe(`${window.location.origin}/login`);
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/session')).toBe(true);
    const revoke = requests.find((r) => r.path === '/api/session/token/revoke');
    expect(new URLSearchParams(revoke?.body).get('token')).toBe('tok-123');
    expect(localStorage.getItem(REMEMBER_TOKEN_KEY)).toBeNull();
    expect(socket.close).toHaveBeenCalledOnce();
    await expect(authProvider.canAccess?.({ action: 'list', resource: 'devices' })).resolves.toBe(
      false,
    );
  });

  it('only redirects a visitor who never signed in', async () => {
    window.history.replaceState(null, '', '/home');
    const { requests } = fakeFetch({});
    await expect(authProvider.logout({})).resolves.toBe('/login?to=%2Fhome');
    expect(requests).toHaveLength(0);
  });
});

describe('authProvider.checkError', () => {
  it('logs out on 401 only', async () => {
    await expect(authProvider.checkError({ status: 401 })).rejects.toBeDefined();
    await expect(authProvider.checkError({ status: 400 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
  });
});

describe('a 401 through the data provider', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('signs out from a CRUD call, and stays with the screen of a feature call', async () => {
    const unauthorized = () => textResponse('HTTP 401 Unauthorized - WebApplicationException', 401);
    fakeFetch({ 'GET /api/users': unauthorized, 'GET /tarkan/invoices': unauthorized });
    const crud = await dataProvider.getList('users', {}).catch((error: unknown) => error);
    const feature = await dataProvider.getMyInvoices().catch((error: unknown) => error);
    expect(feature).toMatchObject({ status: 401 });
    await expect(authProvider.checkError(crud)).rejects.toBeDefined();
    await expect(authProvider.checkError(feature)).resolves.toBeUndefined();
  });
});
