import { isDatabaseUnavailable } from './db/database';

/**
 * Traccar-style errors: the body is `<message> - <Kind>` as plain text. The web app derives its
 * error codes from the part before the first ` - `, so messages here are part of the wire format
 * (docs/traccar-api.md).
 */
abstract class ApiError extends Error {
  abstract readonly kind: string;
  readonly status: number = 400;
  readonly headers: Record<string, string> = {};
}

/** Permission and account-state failures; 400 like Traccar, never 403. */
export class SecurityException extends ApiError {
  readonly kind = 'SecurityException';
}

export class IllegalArgumentException extends ApiError {
  readonly kind = 'IllegalArgumentException';
}

/**
 * Traccar's bare runtime failure, answered 400 like its other exceptions: a feature this server
 * does not offer (reverse geocoding).
 */
export class RuntimeException extends ApiError {
  readonly kind = 'RuntimeException';
}

/** Traccar's answer for a feature switched off on this server (OpenID sign-in). */
export class UnsupportedOperationException extends ApiError {
  readonly kind = 'UnsupportedOperationException';
}

/** Login refused by the throttle: a SecurityException with 429 and `Retry-After`. */
export class TooManyAttemptsException extends SecurityException {
  readonly status = 429;

  constructor(retryAfterSeconds: number) {
    super('Too many login attempts');
    this.headers['retry-after'] = String(retryAfterSeconds);
  }
}

/**
 * A public endpoint called too often from one address (`plugins/rateLimit.ts`): 429 with
 * `Retry-After`, in the login throttle's words and kind.
 */
export class TooManyRequestsException extends SecurityException {
  readonly status = 429;

  constructor(retryAfterSeconds: number) {
    super('Too many requests');
    this.headers['retry-after'] = String(retryAfterSeconds);
  }
}

/**
 * The database cannot be reached (PostgreSQL down or cut off): 503 with `Retry-After`, so
 * clients and devices retry; nothing was stored. The kind is Traccar's storage failure.
 */
export class StorageException extends ApiError {
  readonly kind = 'StorageException';
  readonly status = 503;

  constructor() {
    super('Database unavailable');
    this.headers['retry-after'] = '5';
  }
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** An error that keeps its own status code, e.g. 401 for failed authentication. */
export class WebApplicationException extends ApiError {
  readonly kind = 'WebApplicationException';
  readonly status: number;

  constructor(status: number, message?: string) {
    super(message ?? `HTTP ${status} ${REASONS[status] ?? 'Error'}`);
    this.status = status;
  }
}

export const unauthorized = () => new WebApplicationException(401);
export const notFound = () => new WebApplicationException(404, 'Not found');

interface ErrorResponse {
  status: number;
  body: string;
  headers: Record<string, string>;
  /** True when the error is unexpected and should be logged with its stack. */
  internal: boolean;
}

interface FrameworkError {
  message?: unknown;
  statusCode?: unknown;
  validation?: unknown;
}

function frameworkError(error: unknown): FrameworkError {
  return typeof error === 'object' && error !== null ? (error as FrameworkError) : {};
}

/** Maps any thrown value to the response; never exposes a stack trace. */
export function formatError(error: unknown): ErrorResponse {
  if (isDatabaseUnavailable(error)) error = new StorageException();
  if (error instanceof ApiError) {
    return {
      status: error.status,
      body: `${error.message} - ${error.kind}`,
      headers: error.headers,
      internal: false,
    };
  }
  const { message, statusCode, validation } = frameworkError(error);
  const text = typeof message === 'string' ? message : '';
  if (validation !== undefined) {
    return {
      status: 400,
      body: `${text} - IllegalArgumentException`,
      headers: {},
      internal: false,
    };
  }
  // Framework errors with a client status (bad JSON, body too large, wrong content type).
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return {
      status: statusCode,
      body: `${text} - WebApplicationException`,
      headers: {},
      internal: false,
    };
  }
  return {
    status: 500,
    body: `HTTP 500 ${REASONS[500]} - WebApplicationException`,
    headers: {},
    internal: true,
  };
}
