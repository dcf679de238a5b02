import type { FastifyInstance } from 'fastify';

/**
 * Makes every request body in the calling plugin's scope (and only there) a Buffer, whatever its
 * Content-Type, as Traccar's upload endpoints take raw files: a JSON file must not be parsed. A
 * body over `limit` bytes fails with `tooLarge()` and is never kept, so the handler does not see
 * it and nothing is written. The rest of a somewhat larger body is read and dropped before the
 * answer, so that the client, still sending, reads the refusal instead of a broken connection;
 * a body past four times the limit has the connection cut.
 */
export function acceptRawBodies(app: FastifyInstance, limit: number, tooLarge: () => Error): void {
  const drainLimit = limit * 4;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (request, payload, done) => {
    if (Number(request.headers['content-length']) > drainLimit) {
      done(tooLarge(), undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    payload.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > drainLimit) {
        settled = true;
        done(tooLarge(), undefined);
      } else if (size <= limit) {
        chunks.push(chunk);
      }
    });
    payload.on('end', () => {
      if (settled) return;
      settled = true;
      done(size > limit ? tooLarge() : null, size > limit ? undefined : Buffer.concat(chunks));
    });
    payload.on('error', (error: Error) => {
      if (settled) return;
      settled = true;
      done(error, undefined);
    });
  });
}
