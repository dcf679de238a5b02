/** A local HTTP server standing in for an external API (gateway, Bot API, FCM) in tests. */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface DoubleReply {
  status?: number;
  json?: unknown;
  text?: string;
}

export type DoubleHandler = (request: RecordedRequest) => DoubleReply;

export interface HttpDouble {
  url: string;
  requests: RecordedRequest[];
  /** Answers requests whose path starts with `prefix`; unmatched requests get 404. */
  on(prefix: string, handler: DoubleHandler): void;
  close(): Promise<void>;
}

export async function startHttpDouble(): Promise<HttpDouble> {
  const requests: RecordedRequest[] = [];
  const handlers: [string, DoubleHandler][] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const handler = handlers.find(([prefix]) => recorded.path.startsWith(prefix))?.[1];
      const reply = handler ? handler(recorded) : { status: 404, text: 'not found' };
      res.statusCode = reply.status ?? 200;
      if (reply.json !== undefined) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(reply.json));
      } else {
        res.end(reply.text ?? '');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on(prefix, handler) {
      handlers.unshift([prefix, handler]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
