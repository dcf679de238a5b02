import type { RouteRow } from './source';

/**
 * The route report's JSON, written straight from the stored rows: the attributes, network and
 * geofence ids are already JSON text in the database (written by `JSON.stringify`), so they are
 * spliced in rather than parsed and re-serialised. Same shape as `positionJson`.
 */

const isoCache = { millis: NaN, text: '' };

function iso(millis: number): string {
  if (millis !== isoCache.millis) {
    isoCache.millis = millis;
    isoCache.text = new Date(millis).toISOString();
  }
  return isoCache.text;
}

const num = (value: number): string => (Number.isFinite(value) ? String(value) : '0');

function objectText(text: string | null, fallback: string): string {
  if (text === null) return fallback;
  const trimmed = text.trim();
  return trimmed.startsWith('{') && trimmed.endsWith('}') ? trimmed : fallback;
}

function idsText(text: string | null): string {
  if (text === null) return 'null';
  const trimmed = text.trim();
  return /^\[\s*\d+(\s*,\s*\d+)*\s*\]$/.test(trimmed) ? trimmed : 'null';
}

export function routePositionJson(row: RouteRow): string {
  const fixTime = Number(row.fix_time);
  return (
    `{"id":${Number(row.id)},"deviceId":${Number(row.device_id)},` +
    `"protocol":${row.protocol === null ? 'null' : JSON.stringify(row.protocol)},` +
    `"serverTime":"${iso(Number(row.server_time))}","deviceTime":"${iso(Number(row.device_time))}",` +
    `"fixTime":"${iso(fixTime)}","outdated":false,"valid":${row.valid ? 'true' : 'false'},` +
    `"latitude":${num(row.latitude)},"longitude":${num(row.longitude)},` +
    `"altitude":${num(row.altitude)},"speed":${num(row.speed)},"course":${num(row.course)},` +
    `"address":${row.address === null ? 'null' : JSON.stringify(row.address)},` +
    `"accuracy":${num(row.accuracy)},"network":${objectText(row.network, 'null')},` +
    `"geofenceIds":${idsText(row.geofence_ids)},"attributes":${objectText(row.attributes, '{}')}}`
  );
}

/** The JSON array, page by page (one string per page of rows). */
export async function* routeJsonChunks(pages: AsyncIterable<RouteRow[]>): AsyncGenerator<string> {
  let first = true;
  yield '[';
  for await (const rows of pages) {
    let chunk = '';
    for (const row of rows) {
      chunk += (first ? '' : ',') + routePositionJson(row);
      first = false;
    }
    yield chunk;
  }
  yield ']';
}
