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

const buildInit = (options: RequestOptions): RequestInit => {
  const headers: Record<string, string> = { Accept: 'application/json, text/plain, */*' };
  let body: BodyInit | undefined;
  if (options.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  return { method: options.method ?? 'GET', headers, body, credentials: 'include' };
};

interface Limits {
  /** The caller's abort: rethrown as it is, never turned into a network failure. */
  signal?: AbortSignal;
  /** null: no time limit (uploads, which may take long on a slow link). */
  timeoutMs: number | null;
}

/**
 * The one `fetch` to our own server. Both the caller's abort and the time limit cancel it;
 * `handle` reads the answer while the time limit still runs. A network failure or time-out
 * rejects with what `networkFailure` makes of the browser's error.
 */
const exchange = async <T>(
  url: string,
  init: RequestInit,
  limits: Limits,
  handle: (response: Response) => Promise<T>,
  networkFailure: (error: unknown) => unknown,
): Promise<T> => {
  const controller = new AbortController();
  const timer =
    limits.timeoutMs === null ? undefined : setTimeout(() => controller.abort(), limits.timeoutMs);
  const forwardAbort = () => controller.abort();
  limits.signal?.addEventListener('abort', forwardAbort);
  try {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: controller.signal });
    } catch (error) {
      if (limits.signal?.aborted) throw error;
      throw networkFailure(error);
    }
    return await handle(response);
  } finally {
    clearTimeout(timer);
    limits.signal?.removeEventListener('abort', forwardAbort);
  }
};

const asNetworkError = () => new HttpError('ra.notification.http_error', 0, null);
const keepBrowserError = (error: unknown) => error;

/**
 * One call against the server's own origin. Rejects with an `HttpError` (status, body) for
 * status >= 400; network failures and timeouts reject with status 0 so callers can tell them
 * apart from server answers.
 */
export const request = async <T = unknown>(
  path: string,
  options: RequestOptions = {},
): Promise<HttpResponse<T>> =>
  exchange(
    withQuery(path, options.query),
    buildInit(options),
    { signal: options.signal, timeoutMs: timeoutFor(path) },
    async (response) => {
      const body = await readBody(response);
      if (response.status >= 400) {
        const error = new HttpError(errorMessage(body, response), response.status, body);
        throw Object.assign(error, { headers: response.headers });
      }
      return { status: response.status, headers: response.headers, body: body as T };
    },
    asNetworkError,
  );

/** The headers of the answer a `request` failure carries (Traccar's `WWW-Authenticate`). */
export const errorHeaders = (error: unknown): Headers | null =>
  typeof error === 'object' &&
  error !== null &&
  'headers' in error &&
  error.headers instanceof Headers
    ? error.headers
    : null;

export const getJson = async <T>(path: string, options: RequestOptions = {}): Promise<T> =>
  (await request<T>(path, options)).body;

/**
 * A multipart upload (the browser writes the boundary into its Content-Type), answered with JSON.
 * No time limit; a refusal rejects with an `HttpError` whose message is the server's text before
 * ` - `, and a network failure with the browser's own error.
 */
export const upload = async <T>(path: string, form: FormData): Promise<T> =>
  exchange(
    path,
    { method: 'POST', body: form, credentials: 'include' },
    { timeoutMs: null },
    async (response) => {
      if (!response.ok) {
        const text = await response.text();
        throw new HttpError(
          text.split(' - ')[0] || `HTTP ${response.status}`,
          response.status,
          text,
        );
      }
      return (await response.json()) as T;
    },
    keepBrowserError,
  );

/**
 * A file posted as the raw body (its own Content-Type), answered with text, as Traccar's upload
 * endpoints take and answer them. No time limit; a refusal rejects with an `HttpError` whose
 * message is the server's first line (`<message> - <Kind>`).
 */
export const uploadRaw = async (path: string, file: Blob): Promise<string> =>
  exchange(
    path,
    { method: 'POST', body: file, credentials: 'include' },
    { timeoutMs: null },
    async (response) => {
      const text = await response.text();
      if (!response.ok) {
        throw new HttpError(
          text.split('\n')[0] || `HTTP ${response.status}`,
          response.status,
          text,
        );
      }
      return text;
    },
    keepBrowserError,
  );

/** A file the server answers (`accept`: its type), with the Content-Disposition it came with. */
interface Download {
  blob: Blob;
  disposition: string | null;
}

/**
 * A GET answered with a file. A refusal rejects with an `HttpError` carrying the first line of
 * the server's text, and a network failure or time-out with the browser's own error.
 */
export const download = async (path: string, accept: string): Promise<Download> =>
  exchange(
    path,
    { headers: { Accept: accept }, credentials: 'include' },
    { timeoutMs: timeoutFor(path) },
    async (response) => {
      if (response.status >= 400) {
        const text = await response.text();
        throw new HttpError(text.split('\n')[0] || response.statusText, response.status, text);
      }
      return {
        blob: await response.blob(),
        disposition: response.headers.get('content-disposition'),
      };
    },
    keepBrowserError,
  );
