import { LogController, type FastifyServerOptions } from 'fastify';
import { redactUrl } from './auth/origin';
import type { Config } from './config';

/**
 * Readable lines for a person at a terminal, JSON lines on stdout for log collectors, always in
 * production (NODE_ENV=production, as `npm start` sets it) whatever stdout is. Each request is
 * logged once, by the access log (`plugins/accessLog.ts`); with it off, Fastify's own two lines
 * per request come at debug level only.
 */
export function loggerOptions(
  config: Config,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  const pretty = process.stdout.isTTY && process.env.NODE_ENV !== 'production';
  return {
    logger: {
      level: config.logLevel,
      ...(pretty
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
            },
          }
        : {}),
      // The default request serializer logs the URL, which can carry `?token=`.
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          remoteAddress: req.ip,
        }),
      },
    },
    logController: new LogController({
      disableRequestLogging: config.accessLog || !['debug', 'trace'].includes(config.logLevel),
    }),
  };
}
