import { describe, expect, it } from 'vitest';
import {
  IllegalArgumentException,
  SecurityException,
  TooManyAttemptsException,
  WebApplicationException,
  formatError,
  notFound,
  unauthorized,
} from '../../../server/errors';

describe('formatError', () => {
  it('formats contract errors as `<message> - <Kind>`', () => {
    expect(formatError(new SecurityException('Account is disabled'))).toMatchObject({
      status: 400,
      body: 'Account is disabled - SecurityException',
      internal: false,
    });
    expect(formatError(new IllegalArgumentException('Email already in use')).body).toBe(
      'Email already in use - IllegalArgumentException',
    );
    expect(formatError(unauthorized())).toMatchObject({
      status: 401,
      body: 'HTTP 401 Unauthorized - WebApplicationException',
    });
    expect(formatError(notFound())).toMatchObject({
      status: 404,
      body: 'Not found - WebApplicationException',
    });
    expect(formatError(new WebApplicationException(503)).body).toBe(
      'HTTP 503 Service Unavailable - WebApplicationException',
    );
  });

  it('gives throttled logins 429 with Retry-After', () => {
    expect(formatError(new TooManyAttemptsException(42))).toEqual({
      status: 429,
      body: 'Too many login attempts - SecurityException',
      headers: { 'retry-after': '42' },
      internal: false,
    });
  });

  it('turns schema validation failures into IllegalArgumentException', () => {
    const error = Object.assign(new Error("body must have required property 'email'"), {
      validation: [{}],
      statusCode: 400,
    });
    expect(formatError(error)).toMatchObject({
      status: 400,
      body: "body must have required property 'email' - IllegalArgumentException",
    });
  });

  it('keeps client statuses of framework errors', () => {
    const error = Object.assign(new Error('Request body is too large'), { statusCode: 413 });
    expect(formatError(error)).toMatchObject({
      status: 413,
      body: 'Request body is too large - WebApplicationException',
    });
  });

  it('hides unexpected errors: no message, no stack, flagged for logging', () => {
    const error = new Error('SQLITE_CORRUPT: secret detail at /srv/db');
    const response = formatError(error);
    expect(response).toEqual({
      status: 500,
      body: 'HTTP 500 Internal Server Error - WebApplicationException',
      headers: {},
      internal: true,
    });
    expect(formatError('a string').status).toBe(500);
    expect(formatError(null).status).toBe(500);
  });
});
