import type { IncomingMessage } from 'node:http';
import type { DecodedPosition } from '../../processing/types';
import { logData } from '../shared/logData';
import {
  decodeOsmAndJson,
  decodeOsmAndQuery,
  OsmAndDecodeError,
  type OsmAndOptions,
} from './decoder';

/**
 * Reads an OsmAnd HTTP request (`receiveOsmAndRequest`), then decodes it into a position
 * (`decodeOsmAndRequest`): the query string; a form-encoded body when the query is empty; the JSON
 * variant when the body is JSON. Kept apart so the live logs can show a message that fails to
 * decode.
 */

const MAX_BODY_BYTES = 64 * 1024;

export class BodyTooLargeError extends Error {}

export type RequestForm = 'query' | 'json';

export interface ParsedRequest {
  form: RequestForm;
  position: DecodedPosition;
}

async function readBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const { headers } = request;
  if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
    return EMPTY; // no body at all (a plain GET): skip the stream
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new BodyTooLargeError('Body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

const EMPTY = Buffer.alloc(0);

const isJson = (contentType: string | undefined) =>
  contentType !== undefined && /^application\/(?:[\w.+-]*\+)?json\b/i.test(contentType);

/** One OsmAnd request as received: what decoding needs, and what the live logs show. */
export interface ReceivedRequest {
  request: IncomingMessage;
  /** The whole body (drained even when the query carries the message, so keep-alive works). */
  body: Buffer;
}

/** Reads the request's body; throws `BodyTooLargeError` (413). */
export async function receiveOsmAndRequest(request: IncomingMessage): Promise<ReceivedRequest> {
  return { request, body: await readBody(request) };
}

function queryOf(request: IncomingMessage): string {
  const url = request.url ?? '/';
  const mark = url.indexOf('?');
  return mark >= 0 ? url.slice(mark + 1) : '';
}

/** Decodes a received request; throws `OsmAndDecodeError` (400/404). */
export function decodeOsmAndRequest(
  { request, body }: ReceivedRequest,
  options: OsmAndOptions = {},
): ParsedRequest {
  const query = queryOf(request);
  if (isJson(request.headers['content-type'])) {
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      throw new OsmAndDecodeError('INVALID_JSON', 'Body is not valid JSON');
    }
    return { form: 'json', position: decodeOsmAndJson(json, options) };
  }
  const params = new URLSearchParams(query !== '' ? query : body.toString('utf8'));
  return { form: 'query', position: decodeOsmAndQuery(params, options) };
}

/**
 * The device a message names even when it cannot be decoded (a bad field beside a good id), so
 * its log record still reaches the device's users; null when it names none.
 */
export function namedUniqueId({ request, body }: ReceivedRequest): string | null {
  if (isJson(request.headers['content-type'])) {
    try {
      const json: unknown = JSON.parse(body.toString('utf8'));
      if (typeof json === 'object' && json !== null && 'device_id' in json) {
        const id = json.device_id;
        if (typeof id === 'string' || typeof id === 'number') return String(id).trim() || null;
      }
    } catch {
      // Not JSON: no device named.
    }
    return null;
  }
  const query = queryOf(request);
  const params = new URLSearchParams(query !== '' ? query : body.toString('utf8'));
  return (params.get('id') ?? params.get('deviceid'))?.trim() || null;
}

/**
 * Headers whose values are credentials: a request that reaches the web port's device path from a
 * browser or a script could carry a session or password, which the logs' readers must not see.
 */
const SECRET_HEADERS = new Set(['authorization', 'cookie', 'proxy-authorization']);

/**
 * The message as the device sent it over the wire: request line, headers, blank line and body.
 * As Traccar's protocol logs (`logData`). Credential headers show `***`.
 */
export function wireText({ request, body }: ReceivedRequest, maxChars: number): string {
  const lines = [`${request.method ?? 'GET'} ${request.url ?? '/'} HTTP/${request.httpVersion}`];
  const raw = request.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    lines.push(`${raw[i]}: ${SECRET_HEADERS.has(raw[i].toLowerCase()) ? '***' : raw[i + 1]}`);
  }
  const bytes = Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
  return logData(bytes, maxChars);
}
