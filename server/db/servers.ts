import type { Selectable } from 'kysely';
import { flag, type Db } from './database';
import { parseAttributes } from './json';
import type { ServersTable } from './schema';

/** The stored half of `Server`; the computed fields are added by the API layer. */
export interface ServerSettings {
  registration: boolean;
  readonly: boolean;
  deviceReadonly: boolean;
  limitCommands: boolean;
  disableReports: boolean;
  fixedEmail: boolean;
  map: string | null;
  bingKey: string | null;
  mapUrl: string | null;
  overlayUrl: string | null;
  latitude: number;
  longitude: number;
  zoom: number;
  twelveHourFormat: boolean;
  forceSettings: boolean;
  coordinateFormat: string | null;
  poiLayer: string | null;
  announcement: string | null;
  attributes: Record<string, unknown>;
}

export const SERVER_ID = 1;

function toSettings(row: Selectable<ServersTable>): ServerSettings {
  return {
    registration: Boolean(row.registration),
    readonly: Boolean(row.readonly),
    deviceReadonly: Boolean(row.deviceReadonly),
    limitCommands: Boolean(row.limitCommands),
    disableReports: Boolean(row.disableReports),
    fixedEmail: Boolean(row.fixedEmail),
    map: row.map,
    bingKey: row.bingKey,
    mapUrl: row.mapUrl,
    overlayUrl: row.overlayUrl,
    latitude: row.latitude,
    longitude: row.longitude,
    zoom: row.zoom,
    twelveHourFormat: Boolean(row.twelveHourFormat),
    forceSettings: Boolean(row.forceSettings),
    coordinateFormat: row.coordinateFormat,
    poiLayer: row.poiLayer,
    announcement: row.announcement,
    attributes: parseAttributes(row.attributes),
  };
}

export async function getServerSettings(db: Db): Promise<ServerSettings> {
  const row = await db.kysely
    .selectFrom('servers')
    .selectAll()
    .where('id', '=', SERVER_ID)
    .executeTakeFirstOrThrow();
  return toSettings(row);
}

export async function saveServerSettings(db: Db, s: ServerSettings): Promise<ServerSettings> {
  const row = await db.kysely
    .updateTable('servers')
    .set({
      registration: flag(db, s.registration),
      readonly: flag(db, s.readonly),
      deviceReadonly: flag(db, s.deviceReadonly),
      limitCommands: flag(db, s.limitCommands),
      disableReports: flag(db, s.disableReports),
      fixedEmail: flag(db, s.fixedEmail),
      map: s.map,
      bingKey: s.bingKey,
      mapUrl: s.mapUrl,
      overlayUrl: s.overlayUrl,
      latitude: s.latitude,
      longitude: s.longitude,
      zoom: s.zoom,
      twelveHourFormat: flag(db, s.twelveHourFormat),
      forceSettings: flag(db, s.forceSettings),
      coordinateFormat: s.coordinateFormat,
      poiLayer: s.poiLayer,
      announcement: s.announcement,
      attributes: JSON.stringify(s.attributes),
    })
    .where('id', '=', SERVER_ID)
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSettings(row);
}
