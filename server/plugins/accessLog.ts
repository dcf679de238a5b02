import fp from 'fastify-plugin';
import { redactUrl } from '../auth/origin';

/**
 * The access log (ACCESS_LOG, on by default): one line per HTTP request once answered, with the
 * request id the logger binds, the method, the URL with its secrets hidden (`redactUrl`), the
 * route that answered, the status, the time taken, the client's address (`TRUST_PROXY` decides
 * whether a proxy's `X-Forwarded-For` names it) and the user when the request was signed in. No
 * header is logged: cookies and `Authorization` carry credentials. Fields: docs/scaling.md,
 * "Metrics and configuration".
 */
export const accessLogPlugin = fp(
  async (app) => {
    if (!app.config.accessLog) return;
    app.addHook('onResponse', async (request, reply) => {
      // Only a lookup this request made: logging must not authenticate anyone by itself.
      const known = app.auth.known(request);
      const auth = known ? await known.catch(() => null) : null;
      request.log.info(
        {
          method: request.method,
          url: redactUrl(request.url),
          route: request.routeOptions.url ?? null,
          status: reply.statusCode,
          responseTimeMs: Math.round(reply.elapsedTime * 10) / 10,
          remoteAddress: request.ip,
          userId: auth?.user.id ?? null,
        },
        'request',
      );
    });
  },
  { name: 'access-log', dependencies: ['services', 'auth'] },
);
