import type { FastifyInstance } from 'fastify';

/**
 * Makes every request body in the calling plugin's scope (and only there) a Buffer, whatever its
 * Content-Type, as Traccar's upload endpoints take raw files: a JSON file must not be parsed. A
 * body over `limit` bytes fails with `tooLarge()` before it is kept in memory, so the handler
 * never sees it and nothing is written.
 */
export function acceptRawBodies(app: FastifyInstance, limit: number, tooLarge: () => Error): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    if (Number(request.headers['content-length']) > limit) {
      done(tooLarge(), undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    payload.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > limit) {
        settled = true;
        done(tooLarge(), undefined);
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (settled) return;
      settled = true;
      done(null, Buffer.concat(chunks));
    });
    payload.on('error', (error: Error) => {
      if (settled) return;
      settled = true;
      done(error, undefined);
    });
  });
}
