import { HttpError } from 'react-admin';

export { HttpError };

const API_TIMEOUT_MS = 60_000;
const EXTENSION_TIMEOUT_MS = 30_000;

/** What a request answered: `body` is parsed JSON for JSON responses, text otherwise. */
interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as `application/x-www-form-urlencoded`, as Traccar's session endpoints expect. */
  form?: Record<string, string>;
  json?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
}

export const timeoutFor = (path: string): number =>
  path.startsWith('/tarkan') ? EXTENSION_TIMEOUT_MS : API_TIMEOUT_MS;

const withQuery = (path: string, query: RequestOptions['query']): string => {
  if (!query) return path;
  const params = new URLSearchParams();
  Object.entries(query).forEach(([key, value]) => {
    if (value !== undefined) params.append(key, String(value));
  });
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
};

const readBody = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json') && text) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
};

const errorMessage = (body: unknown, response: Response): string => {
  if (typeof body === 'string' && body.trim()) return body.split('\n')[0].trim();
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') {
    return body.error;
  }
  return response.statusText || `HTTP ${response.status}`;
};

const buildInit = (options: RequestOptions, signal: AbortSignal): RequestInit => {
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
  let body: BodyInit | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  return { method: options.method ?? 'GET', headers, body, credentials: 'include', signal };
};

/**
 * One fetch against the server's own origin. Rejects with an `HttpError` (status, body) for
 * status >= 400; network failures and timeouts reject with status 0 so callers can tell them
 * apart from server answers.
 */
export const request = async <T = unknown>(
  path: string,
  options: RequestOptions = {},
): Promise<HttpResponse<T>> => {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutFor(path));
  const forwardAbort = () => controller.abort();
  options.signal?.addEventListener('abort', forwardAbort);
  try {
    let response: Response;
    try {
      response = await fetch(withQuery(path, options.query), buildInit(options, controller.signal));
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new HttpError('ra.notification.http_error', 0, null);
    }
    const body = await readBody(response);
    if (response.status >= 400) {
      throw new HttpError(errorMessage(body, response), response.status, body);
    }
    return { status: response.status, headers: response.headers, body: body as T };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
};

export const getJson = async <T>(path: string, options: RequestOptions = {}): Promise<T> =>
  (await request<T>(path, options)).body;
