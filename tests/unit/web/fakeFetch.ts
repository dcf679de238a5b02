import { vi } from 'vitest';

export interface FakeRequest {
  method: string;
  path: string;
  url: URL;
  body: string;
}

type Handler = (request: FakeRequest) => Response | Promise<Response>;

export const jsonResponse = (data: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(data), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

export const textResponse = (text: string, status = 200) =>
  new Response(status === 204 ? null : text, { status, headers: { 'content-type': 'text/plain' } });

/**
 * Replaces `fetch` with a tiny router keyed by `METHOD /path`; unknown routes answer Traccar's
 * 404 text. Every request is recorded for assertions.
 */
export const fakeFetch = (routes: Record<string, Handler>) => {
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const request: FakeRequest = {
      method,
      path: url.pathname,
      url,
      body: typeof init?.body === 'string' ? init.body : '',
    };
    requests.push(request);
    const handler = routes[`${method} ${url.pathname}`];
    return handler ? handler(request) : textResponse('Not found - WebApplicationException', 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
};

export const testUser = {
  id: 1,
  name: 'Ana Souza',
  login: null,
  email: 'ana@example.com',
  phone: null,
  readonly: false,
  administrator: true,
  map: null,
  latitude: 0,
  longitude: 0,
  zoom: 0,
  twelveHourFormat: false,
  coordinateFormat: null,
  disabled: false,
  expirationTime: null,
  deviceLimit: -1,
  userLimit: -1,
  deviceReadonly: false,
  limitCommands: false,
  disableReports: false,
  fixedEmail: false,
  poiLayer: null,
  totpKey: null,
  temporary: false,
  password: null,
  attributes: {},
};

export const testServer = {
  id: 1,
  registration: true,
  readonly: false,
  deviceReadonly: false,
  limitCommands: false,
  disableReports: false,
  fixedEmail: false,
  map: null,
  bingKey: null,
  mapUrl: null,
  overlayUrl: null,
  latitude: 0,
  longitude: 0,
  zoom: 0,
  twelveHourFormat: false,
  forceSettings: false,
  coordinateFormat: null,
  poiLayer: null,
  announcement: null,
  attributes: {},
  version: '6.0',
  emailEnabled: false,
  textEnabled: false,
  geocoderEnabled: false,
  openIdEnabled: false,
  openIdForce: false,
  newServer: false,
};
