import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TooManyRequestsException } from '../errors';
import { rateLimitStore } from './rateLimitStore';

const MINUTE = 60_000;

/**
 * Requests one address may make to the public endpoints that cost something per call, beyond the
 * login throttle (`auth/loginThrottle.ts`), which covers passwords. Generous for people (an
 * office or a carrier's NAT share one address), tight for scripts:
 * - a password reset request sends a mail each time (both Traccar's routes count together; using a
 *   token to set the new password is not a request and does not count);
 * - a registration creates an account (managers and administrators creating users are not
 *   registrations and do not count);
 * - opening a shared link starts a session, and each try is a guess at a link.
 */
export const RATE_LIMITS = {
  passwordReset: {
    max: 30,
    timeWindow: 60 * MINUTE,
    groupId: 'password-reset',
    // After the body is read: only requests for a mail count, not spending a token.
    hook: 'preHandler',
    allowList: (request: FastifyRequest) => {
      const token = (request.body as Record<string, unknown> | undefined)?.token;
      return typeof token === 'string' && token !== '';
    },
  },
  registration: {
    max: 10,
    timeWindow: 60 * MINUTE,
    allowList: async (request: FastifyRequest) =>
      (await request.server.auth.current(request)) !== null,
  },
  shareSession: { max: 60, timeWindow: 15 * MINUTE },
} satisfies Record<string, RateLimitOptions>;

/**
 * `@fastify/rate-limit` for the routes that name a limit (`config: { rateLimit }`), keyed by the
 * client's address (`TRUST_PROXY` decides where it comes from, as for the login throttle). A
 * refusal is Traccar's text, `Too many requests - SecurityException`, with status 429 and
 * `Retry-After`. Several instances count together in Redis (`rateLimitStore.ts`).
 */
export const rateLimitPlugin = fp(
  async (app) => {
    const { cluster } = app;
    await app.register(rateLimit, {
      global: false,
      ...(cluster ? { store: rateLimitStore(cluster.bus.redis, cluster.bus.prefix, app.log) } : {}),
      errorResponseBuilder: (_request, context) =>
        new TooManyRequestsException(Math.max(1, Math.ceil(context.ttl / 1000))),
    });
  },
  { name: 'rate-limit', dependencies: ['services', 'auth'] },
);
