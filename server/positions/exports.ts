import type { Ctx } from '../access/context';
import { SecurityException } from '../errors';
import { assertVisible } from '../permissions/objects';
import type { PositionRecord } from '../processing/types';
import { reportDenial } from '../reports/access';
import { preferences } from '../reports/preferences';
import { toWall } from '../reports/timezone';
import { deviceHistory } from './queries';
import { zipOne } from './zip';

/**
 * Traccar's position exports (`GET /api/positions/{csv,kml,kmz,gpx}?deviceId&from&to`): one
 * device's positions fixed in [from, to] (at most `report.maxPositions`), oldest first, in the
 * columns and documents Traccar's exporters write. Numbers print as Java prints doubles (`12.0`),
 * so files compare equal to Traccar's.
 */

export type ExportFormat = 'csv' | 'kml' | 'kmz' | 'gpx';

export const EXPORT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv',
  kml: 'application/vnd.google-earth.kml+xml',
  kmz: 'application/vnd.google-earth.kmz',
  gpx: 'application/gpx+xml',
};

export interface ExportFile {
  type: string;
  fileName: string;
  body: string | Buffer;
}

/** Java's `Double.toString`: `12.0`, `0.5`, `1.0E-5`, `1.2345678E7`. */
export function javaDouble(value: number): string {
  if (!Number.isFinite(value))
    return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    const text = String(value);
    return text.includes('.') ? text : `${text}.0`;
  }
  const [mantissa, exponent] = value.toExponential().split('e');
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}

/** C's `%f`: six decimals. */
const fixed6 = (value: number) => value.toFixed(6);

const xmlEscape = (text: string) =>
  text.replace(/[<>&]/g, (c) => (c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&amp;'));

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `yyyy-MM-dd HH:mm[:ss]` of an instant in a zone. */
function wallTime(millis: number, zone: string, seconds: boolean): string {
  const d = new Date(toWall(millis, zone));
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  return `${date} ${time}${seconds ? `:${pad(d.getUTCSeconds())}` : ''}`;
}

/** ISO-8601 with the zone's offset, as Java's `ISO_OFFSET_DATE_TIME` writes it. */
function offsetTime(millis: number, zone: string): string {
  const wall = toWall(millis, zone);
  const offset = Math.round((wall - millis) / 60_000);
  const d = new Date(wall);
  const ms = d.getUTCMilliseconds();
  const base =
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}` +
    `T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` +
    (ms ? `.${pad(ms, 3).replace(/0+$/, '')}` : '');
  if (offset === 0) return `${base}Z`;
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${base}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * One CSV cell as Traccar writes it: strings trimmed and emptied when they start like a formula
 * (`=`, `+`, `-`, `@`), numbers as Java prints them. Unlike Traccar, a cell holding a comma, a
 * quote or a line break is quoted, so an address with commas keeps its column.
 */
export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = '';
  else if (typeof value === 'string') {
    const trimmed = value.trim();
    text = /^[=+\-@]/.test(trimmed) ? '' : trimmed;
  } else if (typeof value === 'number') {
    text = Number.isInteger(value) && Math.abs(value) < 2 ** 31 ? String(value) : javaDouble(value);
  } else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csv(positions: PositionRecord[], zone: string): string {
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const position of positions) {
    for (const key of Object.keys(position.attributes)) {
      if (seen.has(key)) continue;
      seen.add(key);
      keys.push(key);
    }
  }
  const double = (n: number) => javaDouble(n);
  const columns: [string, (p: PositionRecord) => string][] = [
    ['id', (p) => String(p.id)],
    ['deviceId', (p) => String(p.deviceId)],
    ['protocol', (p) => csvCell(p.protocol)],
    ['serverTime', (p) => wallTime(p.serverTime, zone, true)],
    ['deviceTime', (p) => wallTime(p.deviceTime, zone, true)],
    ['fixTime', (p) => wallTime(p.fixTime, zone, true)],
    ['valid', (p) => String(p.valid)],
    ['latitude', (p) => double(p.latitude)],
    ['longitude', (p) => double(p.longitude)],
    ['altitude', (p) => double(p.altitude)],
    ['speed', (p) => double(p.speed)],
    ['course', (p) => double(p.course)],
    ['address', (p) => csvCell(p.address)],
    ['accuracy', (p) => double(p.accuracy)],
    ...keys.map((key): [string, (p: PositionRecord) => string] => [
      key,
      (p) => csvCell(p.attributes[key]),
    ]),
  ];
  const lines = [columns.map(([name]) => csvCell(name)).join(',')];
  for (const position of positions) {
    lines.push(columns.map(([, cell]) => cell(position)).join(','));
  }
  return `${lines.join('\n')}\n`;
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>';

function gpx(name: string, positions: PositionRecord[], zone: string): string {
  const points = positions
    .map(
      (p) =>
        `<trkpt lat="${javaDouble(p.latitude)}" lon="${javaDouble(p.longitude)}">` +
        `<ele>${javaDouble(p.altitude)}</ele><time>${offsetTime(p.fixTime, zone)}</time></trkpt>`,
    )
    .join('');
  return (
    `${XML_HEAD}<gpx version="1.0"><trk><name>${xmlEscape(name)}</name>` +
    `<trkseg>${points}</trkseg></trk></gpx>`
  );
}

function kml(
  name: string,
  positions: PositionRecord[],
  from: number,
  to: number,
  zone: string,
): string {
  const coordinates = positions
    .map((p) => `${fixed6(p.longitude)},${fixed6(p.latitude)},${fixed6(p.altitude)}`)
    .join(' ');
  const period = `${wallTime(from, zone, false)} - ${wallTime(to, zone, false)}`;
  return (
    `${XML_HEAD}<kml xmlns="http://www.opengis.net/kml/2.2"><Document>` +
    `<name>${xmlEscape(name)}</name><Placemark><name>${xmlEscape(period)}</name>` +
    '<LineString><extrude>1</extrude><tessellate>1</tessellate>' +
    `<altitudeMode>absolute</altitudeMode><coordinates>${coordinates}</coordinates>` +
    '</LineString></Placemark></Document></kml>'
  );
}

/**
 * The export of one device's positions: the device reached and reports allowed (Traccar checks
 * both for every format; with advanced permissions, the route report's bits). `geofenceId` keeps
 * only the positions inside that geofence, which the caller must see too.
 */
export async function exportPositions(
  ctx: Ctx,
  format: ExportFormat,
  deviceId: number,
  from: number,
  to: number,
  geofenceId = 0,
): Promise<ExportFile> {
  const { db, actor } = ctx;
  await assertVisible(db, actor, 'device', deviceId);
  // A device's positions are its route report by another door: the same rule answers both.
  const denial = reportDenial(actor, 'route');
  if (denial) throw new SecurityException(denial);
  const serverAttributes = actor.server.attributes;
  const device = await db.kysely
    .selectFrom('devices')
    .select('name')
    .where('id', '=', deviceId)
    .executeTakeFirstOrThrow();
  const positions = await deviceHistory(ctx, deviceId, from, to, geofenceId);
  // The user's zone, else the server's (Traccar's lookup), else the server's default.
  const zone = preferences(actor.user.attributes, serverAttributes).timezone;
  const file = (body: string | Buffer): ExportFile => ({
    type: EXPORT_TYPES[format],
    fileName: `positions.${format}`,
    body,
  });
  switch (format) {
    case 'csv':
      return file(csv(positions, zone));
    case 'gpx':
      return file(gpx(device.name, positions, zone));
    case 'kml':
      return file(kml(device.name, positions, from, to, zone));
    case 'kmz':
      return file(zipOne('doc.kml', Buffer.from(kml(device.name, positions, from, to, zone))));
  }
}
