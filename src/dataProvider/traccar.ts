import type { DataProvider, GetListParams, Identifier, RaRecord } from 'react-admin';
import { HttpError } from 'react-admin';
import { isDeletedUniqueId } from '../../model/device';
import { isEventNotification } from '../../model/notification';
import type { Server } from '../../model/server';
import { request, type RequestOptions } from './http';
import { applyListParams } from './listParams';
import { isHeldBack } from './pendingDeletes';
import { serverErrorMessage } from './serverErrors';

/** react-admin resource → Traccar collection, where the names differ. */
const PATHS: Record<string, string> = {
  'device-admin': '/api/devices',
  geofence: '/api/geofences',
  computed: '/api/attributes/computed',
  maintenances: '/api/maintenance',
  // The events screen: the notifications that are scheduled or send a saved command.
  events: '/api/notifications',
  // Scheduled reports: Traccar's `Report` resource shares its path with the reports themselves.
  'scheduled-reports': '/api/reports',
};

const collectionPath = (resource: string): string => PATHS[resource] ?? `/api/${resource}`;

/** The link keys of `/api/permissions` and of the `?userId=`-style list filters. */
export type LinkKey =
  | 'userId'
  | 'deviceId'
  | 'groupId'
  | 'geofenceId'
  | 'notificationId'
  | 'calendarId'
  | 'attributeId'
  | 'driverId'
  | 'commandId'
  | 'maintenanceId'
  | 'reportId'
  | 'managedUserId'
  | 'linkedDeviceId';

export interface LinkEnd {
  key: LinkKey;
  id: number;
}

/** Owner filters of Traccar lists: objects linked DIRECTLY to that user, device or group. */
export type LinkedFilter = Partial<Record<'userId' | 'deviceId' | 'groupId', number>>;

type Row = RaRecord & Record<string, unknown>;

const notEvent = (row: Row): boolean =>
  !isEventNotification({
    type: String(row.type ?? ''),
    notificators: String(row.notificators ?? ''),
  });

/**
 * Rows a management list never shows: deleted devices, share users, other notifications, and rows
 * whose undoable delete is still waiting for its toast to close.
 */
const hidden = (resource: string, row: Row): boolean =>
  isHeldBack(resource, row.id) ||
  (resource === 'events' && notEvent(row)) ||
  (resource === 'device-admin' && isDeletedUniqueId(row.uniqueId)) ||
  (resource === 'users' && Boolean((row.attributes as Record<string, unknown>)?.isShared));

/** Server errors travel as translated keys where the screens know them (`serverErrors.ts`). */
const call = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
  try {
    return (await request<T>(path, options)).body;
  } catch (error) {
    if (error instanceof HttpError && error.status >= 400) {
      throw new HttpError(serverErrorMessage(error.message), error.status, error.body);
    }
    throw error;
  }
};

const fetchAll = async (resource: string, linked?: LinkedFilter): Promise<Row[]> => {
  const rows = await call<Row[]>(collectionPath(resource), { query: linked });
  return rows.filter((row) => !hidden(resource, row));
};

const splitFilter = (filter: Record<string, unknown> = {}) => {
  const { linked, ...rest } = filter;
  return { linked: linked as LinkedFilter | undefined, rest };
};

const listOf = async (resource: string, params: Partial<GetListParams>) => {
  const { linked, rest } = splitFilter(params.filter);
  return applyListParams(await fetchAll(resource, linked), { ...params, filter: rest });
};

const item = (resource: string, id: Identifier) => `${collectionPath(resource)}/${id}`;

/** `POST`/`DELETE /api/permissions` body: the owner key FIRST (`docs/traccar-api.md`). */
export const permissionBody = (owner: LinkEnd, property: LinkEnd): Record<string, number> => ({
  [owner.key]: owner.id,
  [property.key]: property.id,
});

interface TraccarMethods {
  /** Ids of `resource` rows linked directly to the owner (`?userId=`, `?deviceId=`, `?groupId=`). */
  linkedIds: (resource: string, owner: LinkedFilter) => Promise<number[]>;
  link: (owner: LinkEnd, properties: LinkEnd[]) => Promise<void>;
  unlink: (owner: LinkEnd, properties: LinkEnd[]) => Promise<void>;
  /** One object linked to many owners (the selected rows of a list), all of them or none. */
  linkEach: (owners: LinkEnd[], property: LinkEnd) => Promise<void>;
  unlinkEach: (owners: LinkEnd[], property: LinkEnd) => Promise<void>;
  /** Odometer (metres) and engine hours (ms) through `PUT /api/devices/{id}/accumulators`. */
  setAccumulators: (
    deviceId: number,
    values: { totalDistance?: number; hours?: number },
  ) => Promise<void>;
  computedTest: (deviceId: number, attribute: Record<string, unknown>) => Promise<unknown>;
  notificationTest: () => Promise<void>;
  commandTypes: (deviceId?: number) => Promise<string[]>;
  notificationTypes: () => Promise<string[]>;
  notificators: () => Promise<string[]>;
  getServer: () => Promise<Server>;
  updateServer: (server: Server) => Promise<Server>;
}

const types = async (path: string, query?: RequestOptions['query']) =>
  (await call<{ type: string }[]>(path, { query })).map((entry) => entry.type);

/**
 * Every owner linked to (or unlinked from) every property, in one request: the bulk endpoint
 * writes them in one transaction, so a refusal leaves every link as it was.
 */
const changeLinks = async (
  method: 'POST' | 'DELETE',
  owners: LinkEnd[],
  properties: LinkEnd[],
): Promise<void> => {
  const bodies = owners.flatMap((owner) =>
    properties.map((property) => permissionBody(owner, property)),
  );
  if (bodies.length === 0) return;
  if (bodies.length === 1) await call('/api/permissions', { method, json: bodies[0] });
  else await call('/api/permissions/bulk', { method, json: bodies });
};

const traccarMethods: TraccarMethods = {
  linkedIds: async (resource, owner) =>
    (await fetchAll(resource, owner)).map((row) => Number(row.id)),
  link: (owner, properties) => changeLinks('POST', [owner], properties),
  unlink: (owner, properties) => changeLinks('DELETE', [owner], properties),
  linkEach: (owners, property) => changeLinks('POST', owners, [property]),
  unlinkEach: (owners, property) => changeLinks('DELETE', owners, [property]),
  setAccumulators: async (deviceId, values) => {
    await call(`/api/devices/${deviceId}/accumulators`, {
      method: 'PUT',
      json: { deviceId, ...values },
    });
  },
  computedTest: async (deviceId, attribute) =>
    call('/api/attributes/computed/test', {
      method: 'POST',
      query: { deviceId },
      json: attribute,
    }),
  notificationTest: async () => {
    await call('/api/notifications/test', { method: 'POST' });
  },
  commandTypes: (deviceId) => types('/api/commands/types', deviceId ? { deviceId } : undefined),
  notificationTypes: () => types('/api/notifications/types'),
  notificators: () => types('/api/notifications/notificators'),
  getServer: () => call<Server>('/api/server'),
  updateServer: (server) => call<Server>('/api/server', { method: 'PUT', json: server }),
};

type TraccarDataProvider = DataProvider & TraccarMethods;

/**
 * react-admin over Traccar's whole-array collections: every list is fetched whole, then filtered
 * (`q` over every field, other keys exactly, `linked` as the server's owner filter), sorted and
 * paged in memory (`listParams.ts`).
 */
export const traccarDataProvider: TraccarDataProvider = {
  getList: async (resource, params) => listOf(resource, params),

  // One object by its own path, as Traccar serves it: reading one's own account must not need the
  // right to list every user.
  getOne: async (resource, { id }) => ({ data: await call(item(resource, id)) }),

  getMany: async (resource, { ids }) => {
    const wanted = new Set(ids.map(String));
    return { data: (await fetchAll(resource)).filter((record) => wanted.has(String(record.id))) };
  },

  getManyReference: async (resource, { target, id, ...params }) =>
    listOf(resource, { ...params, filter: { ...params.filter, [target]: id } }),

  create: async (resource, { data }) => ({
    data: await call(collectionPath(resource), { method: 'POST', json: { id: 0, ...data } }),
  }),

  update: async (resource, { id, data }) => ({
    data: await call(item(resource, id), { method: 'PUT', json: { ...data, id } }),
  }),

  // Traccar's PUT takes the whole entity, so each row is merged with the change first.
  updateMany: async (resource, { ids, data }) => {
    const wanted = new Set(ids.map(String));
    const rows = (await fetchAll(resource)).filter((row) => wanted.has(String(row.id)));
    await Promise.all(
      rows.map((row) => call(item(resource, row.id), { method: 'PUT', json: { ...row, ...data } })),
    );
    return { data: ids };
  },

  delete: async (resource, { id, previousData }) => {
    await call(item(resource, id), { method: 'DELETE' });
    return { data: previousData ?? { id } };
  },

  deleteMany: async (resource, { ids }) => {
    await Promise.all(ids.map((id) => call(item(resource, id), { method: 'DELETE' })));
    return { data: ids };
  },

  ...traccarMethods,
} as TraccarDataProvider;
