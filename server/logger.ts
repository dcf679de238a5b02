import { LogController, type FastifyServerOptions } from 'fastify';
import { redactUrl } from './auth/origin';
import type { Config } from './config';

/**
 * Readable lines for a person at a terminal, JSON for log collectors. Per-request lines only at
 * debug level: at info they would bury what matters under every map refresh.
 */
export function loggerOptions(
  config: Config,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  return {
    logger: {
      level: config.logLevel,
      ...(process.stdout.isTTY
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
      disableRequestLogging: !['debug', 'trace'].includes(config.logLevel),
    }),
  };
}
