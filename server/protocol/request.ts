import type { IncomingMessage } from 'node:http';
import type { DecodedPosition } from '../processing/types';
import {
  decodeOsmAndJson,
  decodeOsmAndQuery,
  OsmAndDecodeError,
  type OsmAndOptions,
} from './osmand';

/**
 * Reads an OsmAnd HTTP request into a decoded position: the query string; a form-encoded body
 * when the query is empty; the JSON variant when the body is JSON.
 */

const MAX_BODY_BYTES = 64 * 1024;

export class BodyTooLargeError extends Error {}

export type RequestForm = 'query' | 'json';

export interface ParsedRequest {
  form: RequestForm;
  position: DecodedPosition;
}

async function readBody(request: IncomingMessage, limit = MAX_BODY_BYTES): Promise<string> {
  const { headers } = request;
  if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
    return ''; // no body at all (a plain GET): skip the stream
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw new BodyTooLargeError('Body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const isJson = (contentType: string | undefined) =>
  contentType !== undefined && /^application\/(?:[\w.+-]*\+)?json\b/i.test(contentType);

/** Decodes the request; throws `OsmAndDecodeError` (400/404) or `BodyTooLargeError` (413). */
export async function parseOsmAndRequest(
  request: IncomingMessage,
  options: OsmAndOptions = {},
): Promise<ParsedRequest> {
  const url = request.url ?? '/';
  const mark = url.indexOf('?');
  const query = mark >= 0 ? url.slice(mark + 1) : '';

  if (isJson(request.headers['content-type'])) {
    const text = await readBody(request);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new OsmAndDecodeError('INVALID_JSON', 'Body is not valid JSON');
    }
    return { form: 'json', position: decodeOsmAndJson(body, options) };
  }
  if (query !== '') {
    // Drain any body so the keep-alive connection stays usable.
    await readBody(request);
    return { form: 'query', position: decodeOsmAndQuery(new URLSearchParams(query), options) };
  }
  const body = await readBody(request);
  return { form: 'query', position: decodeOsmAndQuery(new URLSearchParams(body), options) };
}
