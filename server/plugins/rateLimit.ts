import rateLimit, { normalizeIP, type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TooManyRequestsException } from '../errors';
import { rateLimitStore } from './rateLimitStore';

const MINUTE = 60_000;

/**
 * Requests one address may make to the public endpoints that cost something per call, beyond the
 * login throttle (`auth/loginThrottle.ts`), which covers passwords. Generous for people (an
 * office or a carrier's NAT share one address), tight for scripts:
 * - a registration creates an account (managers and administrators creating users are not
 *   registrations and do not count);
 * - opening a shared link starts a session, and each try is a guess at a link;
 * - a password reset request sends a mail each time (`PASSWORD_RESET` below).
 * Each names one route (`config: { rateLimit }`), which counts alone.
 */
export const RATE_LIMITS = {
  registration: {
    max: 20,
    timeWindow: 60 * MINUTE,
    allowList: async (request: FastifyRequest) =>
      (await request.server.auth.current(request)) !== null,
  },
  shareSession: { max: 60, timeWindow: 15 * MINUTE },
} satisfies Record<string, RateLimitOptions>;

/**
 * Password reset requests, a mail each: Traccar's two routes (`POST /api/password/reset`, and
 * `POST /api/session/password` with an e-mail) count together, so one limiter serves both, called
 * by the routes once they know the request asks for a mail (spending a token does not count).
 */
const PASSWORD_RESET: RateLimitOptions = {
  max: 30,
  timeWindow: 60 * MINUTE,
  keyGenerator: (request) => `password-reset:${normalizeIP(request.ip, 64)}`,
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts a password reset request of the caller's address; throws the 429 past the limit. */
    passwordResetLimit(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

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
    const passwordReset = app.rateLimit(PASSWORD_RESET);
    app.decorate('passwordResetLimit', async (request: FastifyRequest, reply: FastifyReply) => {
      await passwordReset.call(app, request, reply);
    });
  },
  { name: 'rate-limit', dependencies: ['services', 'auth'] },
);
