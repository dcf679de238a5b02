import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { StorageException, formatError } from '../../errors';
import { OsmAndDecodeError } from './decoder';
import type { MessageLog } from '../shared/messageLog';
import {
  BodyTooLargeError,
  decodeOsmAndRequest,
  namedUniqueId,
  receiveOsmAndRequest,
  wireText,
  type ReceivedRequest,
} from './request';
import type { PositionSink } from '../shared/sink';
import { plainAddress } from '../shared/address';

/**
 * The OsmAnd / Traccar Client listener (docs/tracking-core.md): plain HTTP on its own port, any
 * method and path. Replies 200 (with one queued command's text for the query form), 400 for a
 * malformed message, an impossible fix or an unknown device (404 for the JSON form's unknown
 * device), 413 for a body too large, 503 while the sink is busy or the database cannot be reached
 * (then in Traccar's error text). Nothing is stored on an error; a success reply is sent only
 * after the position is committed.
 */

export interface ListenerLog {
  error(object: unknown, message?: string): void;
}

export interface OsmAndListener {
  readonly port: number;
  /**
   * Stops accepting connections at once; requests in flight are answered (their fixes committed)
   * with `Connection: close`, idle kept-alive connections end now, and whatever is still open
   * after `graceMs` is cut.
   */
  close(graceMs?: number): Promise<void>;
}

function reply(
  response: ServerResponse,
  status: number,
  body = '',
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, {
    ...headers,
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
}

/** A logged message's data is cut here, so one record stays small whatever the body. */
const MAX_LOG_DATA = 4096;

export interface AnswerOptions {
  sink: PositionSink;
  log: ListenerLog;
  /** The live protocol logs, when the app has them. */
  messages?: MessageLog;
  /** The sender's address when the caller knows it better (a trusted proxy's client). */
  host?: string;
}

/**
 * Answers one OsmAnd request on a raw HTTP exchange: the listener's, or the web port's for a device
 * posting there (Traccar forwards those to its OsmAnd port), so both answer alike. Every message
 * read whole is reported to the live logs, decoded or not, before it is stored.
 */
export async function answerOsmAnd(
  request: IncomingMessage,
  response: ServerResponse,
  { sink, log, messages, host }: AnswerOptions,
): Promise<void> {
  let form: 'query' | 'json' = 'query';
  let received: ReceivedRequest | null = null;
  try {
    received = await receiveOsmAndRequest(request);
    const parsed = decodeOsmAndRequest(received);
    form = parsed.form;
    if (messages?.active) report(messages, received, parsed.position.uniqueId, host);
    const outcome = await sink.submit(parsed.position, form === 'query');
    if (outcome.kind === 'unknown') {
      reply(response, form === 'json' ? 404 : 400, 'Unknown device');
    } else if (outcome.kind === 'rejected') {
      reply(response, 400, outcome.message);
    } else if (outcome.kind === 'busy') {
      reply(response, 503, 'Busy, retry later');
    } else if (outcome.kind === 'unavailable') {
      const { status, body, headers } = formatError(new StorageException());
      reply(response, status, body, headers);
    } else if (outcome.kind === 'duplicate') {
      // Sent again after its answer was lost: it is stored, so the phone may forget it.
      reply(response, 200);
    } else {
      reply(response, 200, outcome.command ?? '');
    }
  } catch (error) {
    if (error instanceof OsmAndDecodeError) {
      if (received && messages?.active) {
        report(messages, received, namedUniqueId(received), host);
      }
      return reply(response, 400, error.message);
    }
    if (error instanceof BodyTooLargeError) return reply(response, 413, error.message);
    log.error({ err: error }, 'osmand message failed');
    if (!response.headersSent) reply(response, 500);
  }
}

function report(
  messages: MessageLog,
  received: ReceivedRequest,
  uniqueId: string | null,
  host: string | undefined,
): void {
  messages.record({
    host: host ?? plainAddress(received.request.socket.remoteAddress),
    protocol: 'osmand',
    uniqueId,
    data: wireText(received, MAX_LOG_DATA),
  });
}

export async function startOsmAndListener(options: {
  port: number;
  host: string;
  sink: PositionSink;
  log: ListenerLog;
  messages?: MessageLog;
}): Promise<OsmAndListener> {
  const { sink, log, messages } = options;
  let closing = false;
  /** Answers not written yet: once closing, each tells its client to open a new connection. */
  const unanswered = new Set<ServerResponse>();
  const server = http.createServer({ keepAliveTimeout: 65_000 }, (request, response) => {
    // The connection would be refused its next request: the device (or balancer) is told to
    // open a new one, which reaches another instance.
    if (closing) response.setHeader('connection', 'close');
    unanswered.add(response);
    response.on('close', () => unanswered.delete(response));
    void answerOsmAnd(request, response, { sink, log, messages });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: (graceMs = 5_000) =>
      new Promise<void>((resolve) => {
        closing = true;
        for (const response of unanswered) {
          if (!response.headersSent) response.setHeader('connection', 'close');
        }
        // Requests in flight finish (their positions are committed); idle keep-alives go now,
        // and the ones answering now end with their answer (above).
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), graceMs).unref();
      }),
  };
}
