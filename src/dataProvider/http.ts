import { HttpError } from 'react-admin';
import { JsonArrayCounter } from './jsonRows';

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
  /** Told as the answer arrives: bytes so far and, for a JSON array, the elements complete. */
  onProgress?: (progress: TransferProgress) => void;
}

/** How much of an answer has arrived. */
export interface TransferProgress {
  bytes: number;
  /** Elements of a JSON array answer complete so far (0 for anything else). */
  rows: number;
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

/**
 * The next chunk of an answer read by hand; an abort (the caller's or the time limit) stops the
 * read and drops the rest, as `fetch` does for the answers it reads itself.
 */
const readChunk = async (
  reader: ReadableStreamDefaultReader<Uint8Array<ArrayBuffer>>,
  signal: AbortSignal,
): Promise<ReadableStreamReadResult<Uint8Array<ArrayBuffer>>> => {
  if (signal.aborted) {
    await reader.cancel().catch(() => undefined);
    throw signal.reason;
  }
  return reader.read();
};

/**
 * The answer's text, read chunk by chunk when someone follows its progress (a long report shows
 * its rows arriving); the caller's abort stops the read as it stops the fetch.
 */
const readText = async (
  response: Response,
  signal: AbortSignal,
  onProgress?: (progress: TransferProgress) => void,
): Promise<string> => {
  const reader = onProgress ? response.body?.getReader() : undefined;
  if (!reader || !onProgress) return response.text();
  const decoder = new TextDecoder();
  const counter = new JsonArrayCounter();
  const parts: string[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await readChunk(reader, signal);
    if (done) break;
    bytes += value.byteLength;
    const text = decoder.decode(value, { stream: true });
    parts.push(text);
    counter.feed(text);
    onProgress({ bytes, rows: counter.rows });
  }
  parts.push(decoder.decode());
  return parts.join('');
};

/** A whole binary answer, told chunk by chunk to `onProgress` when given. */
const readBlob = async (
  response: Response,
  signal: AbortSignal,
  onProgress?: (progress: TransferProgress) => void,
): Promise<Blob> => {
  const reader = onProgress ? response.body?.getReader() : undefined;
  if (!reader || !onProgress) return response.blob();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let bytes = 0;
  for (;;) {
    const { done, value } = await readChunk(reader, signal);
    if (done) break;
    bytes += value.byteLength;
    chunks.push(value);
    onProgress({ bytes, rows: 0 });
  }
  return new Blob(chunks, { type: response.headers.get('content-type') ?? '' });
};

const readBody = async (
  response: Response,
  signal: AbortSignal,
  onProgress?: (progress: TransferProgress) => void,
): Promise<unknown> => {
  const text = await readText(response, signal, onProgress);
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
  handle: (response: Response, signal: AbortSignal) => Promise<T>,
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
    return await handle(response, controller.signal);
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
    async (response, signal) => {
      const body = await readBody(response, signal, response.ok ? options.onProgress : undefined);
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
 * the server's text, and a network failure or time-out with the browser's own error; the
 * caller's `signal` cancels it and `onProgress` follows the bytes as they arrive.
 */
export const download = async (
  path: string,
  accept: string,
  {
    signal,
    onProgress,
  }: { signal?: AbortSignal; onProgress?: (progress: TransferProgress) => void } = {},
): Promise<Download> =>
  exchange(
    path,
    { headers: { Accept: accept }, credentials: 'include' },
    { signal, timeoutMs: timeoutFor(path) },
    async (response, signal) => {
      if (response.status >= 400) {
        const text = await response.text();
        throw new HttpError(text.split('\n')[0] || response.statusText, response.status, text);
      }
      return {
        blob: await readBlob(response, signal, onProgress),
        disposition: response.headers.get('content-disposition'),
      };
    },
    keepBrowserError,
  );
