import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { User } from '../../model';
import { basicUser, parseBasic, VerifiedBasicCache } from '../signIn/basic';
import { LoginThrottle, type Throttle } from '../auth/loginThrottle';
import { basicFromHere, crossSiteRefused, originAllowed } from '../auth/origin';
import {
  createSession,
  deleteSessionById,
  findSession,
  type NewSession,
  type Session,
} from '../auth/sessions';
import { mayImpersonate } from '../signIn/impersonation';
import { verifyToken } from '../auth/tokens';
import { accessState, findRequestUser, type AccessState } from '../billing/access';
import { SecurityException, unauthorized } from '../errors';
import { accountProblem } from '../users/accountState';

const SESSION_COOKIE = 'JSESSIONID';

export interface Auth {
  user: User;
  /** Null when authenticated by a bearer token or Basic credentials rather than a cookie. */
  session: Session | null;
  /** The API token behind the request: the bearer token, or the one the session came from. */
  tokenId: number | null;
}

interface AuthService {
  /**
   * The caller, from Basic credentials, a bearer token or the session cookie, in Traccar's order:
   * a Basic or Bearer header decides alone, the cookie is read only without one. Memoised per
   * request.
   */
  current(request: FastifyRequest): Promise<Auth | null>;
  /** The caller if this request already looked it up, without looking it up (undefined). */
  known(request: FastifyRequest): Promise<Auth | null> | undefined;
  requireUser(request: FastifyRequest): Promise<Auth>;
  requireAdmin(request: FastifyRequest): Promise<Auth>;
  /**
   * Route hooks (`onRequest: app.auth.userHook`) so authentication fails with 401 before the
   * body is even parsed or validated.
   */
  userHook(request: FastifyRequest): Promise<void>;
  adminHook(request: FastifyRequest): Promise<void>;
  /**
   * Whether the user is let in now and when that ends by itself (a grace or the account's
   * expiration running out), for connections that outlive the request that opened them.
   */
  access(userId: number): Promise<AccessState>;
  /** Authenticates the request by an API token given outside the headers (`?token=`). */
  useToken(request: FastifyRequest, token: string): Promise<Auth | null>;
  /**
   * Ends any session the request carried (fixation guard) and starts a new one, remembering the
   * request's `Origin` unless `origin` carries over an earlier session's.
   */
  startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    session: Omit<NewSession, 'origin'> & { origin?: string | null },
  ): Promise<Session>;
  /** Deletes the request's session and clears the cookie; returns what was ended. */
  endSession(request: FastifyRequest, reply: FastifyReply): Promise<Session | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    throttle: Throttle;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match ? match[1] : null;
}

const firstHeader = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

export const authPlugin = fp<{ throttle?: Throttle }>(
  async (app, options) => {
    const { db } = app;
    const cache = new WeakMap<FastifyRequest, Promise<Auth | null>>();
    // Several instances count attempts together (cluster mode); one counts in memory.
    const throttle = options.throttle ?? app.cluster?.throttle ?? new LoginThrottle();
    const verifiedBasic = new VerifiedBasicCache();

    /**
     * The caller's user on every request, refused when disabled, expired or suspended for
     * non-payment (so a bearer token or a remember-me session issued before the suspension
     * stops working at once); the billing state comes in the same query as the user.
     */
    async function activeUser(userId: number): Promise<User | null> {
      const found = await findRequestUser(db, userId);
      if (!found || found.billingLocked || accountProblem(found.user)) return null;
      return found.user;
    }

    async function tokenAuth(token: string): Promise<Auth | null> {
      const verified = await verifyToken(db, token);
      const user = verified && (await activeUser(verified.userId));
      return user ? { user, session: null, tokenId: verified.id } : null;
    }

    /**
     * A session acting as another user rests on the original user: it lasts only while they are
     * let in and may still act as that user (an administrator, or still their manager).
     */
    async function impersonationHolds(session: Session, user: User): Promise<boolean> {
      const original = await activeUser(session.impersonatorId!);
      if (original && (await mayImpersonate(db, original, user))) return true;
      await deleteSessionById(db, session.id);
      return false;
    }

    async function basicAuth(request: FastifyRequest): Promise<Auth | null> {
      const header = request.headers.authorization!;
      const credentials = parseBasic(header);
      if (!credentials) return null;
      const fromHere = basicFromHere({
        origin: firstHeader(request, 'origin'),
        secFetchSite: firstHeader(request, 'sec-fetch-site'),
        host: request.host,
        publicOrigin: app.config.publicUrl,
      });
      if (!fromHere) return null;
      const verified = await basicUser(db, throttle, verifiedBasic, {
        header,
        credentials,
        address: request.ip,
        host: request.host,
      });
      const user = verified && (await activeUser(verified.id));
      return user ? { user, session: null, tokenId: null } : null;
    }

    async function resolve(request: FastifyRequest): Promise<Auth | null> {
      if (parseBasic(request.headers.authorization) !== undefined) return basicAuth(request);
      const token = bearer(request);
      if (token) return tokenAuth(token);
      const cookie = request.cookies[SESSION_COOKIE];
      if (!cookie) return null;
      const session = await findSession(db, cookie);
      if (!session) return null;
      if (!originAllowed(session.origin, request.headers.origin, request.host)) return null;
      const user = await activeUser(session.userId);
      if (!user) return null;
      if (session.impersonatorId !== null && !(await impersonationHolds(session, user))) {
        return null;
      }
      return { user, session, tokenId: session.tokenId };
    }

    const service: AuthService = {
      current(request) {
        let auth = cache.get(request);
        if (!auth) {
          auth = resolve(request);
          cache.set(request, auth);
        }
        return auth;
      },

      known(request) {
        return cache.get(request);
      },

      async requireUser(request) {
        const auth = await service.current(request);
        if (!auth) throw unauthorized();
        return auth;
      },

      async requireAdmin(request) {
        const auth = await service.requireUser(request);
        if (!auth.user.administrator) throw new SecurityException('Administrator access required');
        return auth;
      },

      async userHook(request) {
        await service.requireUser(request);
      },

      async adminHook(request) {
        await service.requireAdmin(request);
      },

      access: (userId) => accessState(db, userId),

      async useToken(request, token) {
        const auth = tokenAuth(token);
        cache.set(request, auth);
        return auth;
      },

      async startSession(request, reply, input) {
        await endCookieSession(request);
        const { cookie, session } = await createSession(db, {
          ...input,
          origin: input.origin !== undefined ? input.origin : (request.headers.origin ?? null),
        });
        reply.setCookie(SESSION_COOKIE, cookie, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: request.protocol === 'https',
        });
        const user = await activeUser(input.userId);
        const auth = user ? { user, session, tokenId: session.tokenId } : null;
        cache.set(request, Promise.resolve(auth));
        return session;
      },

      async endSession(request, reply) {
        const ended = await endCookieSession(request);
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        cache.set(request, Promise.resolve(null));
        return ended;
      },
    };

    async function endCookieSession(request: FastifyRequest): Promise<Session | null> {
      const cookie = request.cookies[SESSION_COOKIE];
      const session = cookie ? await findSession(db, cookie) : null;
      if (session) await deleteSessionById(db, session.id);
      return session;
    }

    /**
     * Sign-ins: they start a session rather than ride one (docs/traccar-api.md). By path, not
     * route, so proxy mode (one wildcard route to Traccar) is guarded the same way.
     */
    const isLogin = (request: FastifyRequest) => {
      const path = request.url.split('?')[0].replace(/\/+$/, '');
      if (path !== '/api/session') return false;
      if (request.method === 'POST') return true;
      const query = request.query as Record<string, unknown> | undefined;
      return request.method === 'GET' && query?.token !== undefined;
    };

    // Before anything else runs: a forged request must not even reach the body parser.
    app.addHook('onRequest', async (request) => {
      const header = (name: string) => firstHeader(request, name);
      const refused = crossSiteRefused({
        method: request.method,
        login: isLogin(request),
        cookie: request.cookies[SESSION_COOKIE] !== undefined,
        bearer: /^bearer\s/i.test(request.headers.authorization ?? ''),
        basic: parseBasic(request.headers.authorization) !== undefined,
        origin: header('origin'),
        secFetchSite: header('sec-fetch-site'),
        contentType: header('content-type'),
        host: request.host,
        publicOrigin: app.config.publicUrl,
      });
      if (refused) throw new SecurityException('Cross-site request refused');
    });

    app.decorate('auth', service);
    app.decorate('throttle', throttle);
  },
  { name: 'auth', dependencies: ['services'] },
);
