import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { answerOsmAnd } from '../protocol/osmand/listener';
import { plainAddress } from '../protocol/shared/address';

/**
 * Whether a request on the web port is a device's OsmAnd message rather than a page: any `POST /`
 * (Traccar forwards those to its OsmAnd port, whatever they carry, the Traccar Client's JSON body
 * included), and a `GET /` naming a device (`id` or `deviceid`), as phones configured with the web
 * address send. `GET /` without those stays the web app.
 */
export function isDeviceMessage(method: string, url: string): boolean {
  const mark = url.indexOf('?');
  const path = mark >= 0 ? url.slice(0, mark) : url;
  if (path !== '/') return false;
  if (method === 'POST') return true;
  if (method !== 'GET' || mark < 0) return false;
  const params = new URLSearchParams(url.slice(mark + 1));
  return params.has('id') || params.has('deviceid');
}

/**
 * OsmAnd on the web port (embedded mode): such requests leave Fastify before any body parsing and
 * get exactly the OsmAnd listener's answers (docs/tracking-core.md).
 */
export const osmandWebPortPlugin = fp(
  async (app) => {
    app.addHook('onRequest', async (request: FastifyRequest, reply) => {
      if (!isDeviceMessage(request.method, request.url)) return;
      reply.hijack();
      await answerOsmAnd(request.raw, reply.raw, {
        sink: app.tracking.ingest,
        log: request.log,
        messages: app.tracking.messages,
        host: plainAddress(request.ip),
      });
      return reply;
    });
  },
  { name: 'osmand-web-port', dependencies: ['tracking'] },
);
