import type { Db } from '../db/database';

/** One audit record as Traccar's `GET /api/audit` answers it (its Action). */
export interface ActionJson {
  id: number;
  actionTime: string;
  address: string | null;
  userId: number;
  userEmail: string | null;
  actionType: string;
  objectType: string | null;
  objectId: number;
  attributes: Record<string, unknown>;
}

/** Frota's verbs for object changes, in Traccar's words. */
const VERBS: Record<string, string> = { create: 'create', update: 'edit', delete: 'remove' };

/** The session events Traccar records, by Frota's code suffix. */
const SESSION: Record<string, string> = {
  login: 'login',
  logout: 'logout',
  loginFailed: 'denied',
};

interface Source {
  code: string;
  objectType: string | null;
  objectId: number | null;
  object: string | null;
}

type Mapped = Pick<ActionJson, 'actionType' | 'objectType' | 'objectId' | 'attributes'>;

function objectMap(text: string | null): [string, number][] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object') return [];
    return Object.entries(value as Record<string, unknown>).filter(
      (entry): entry is [string, number] => typeof entry[1] === 'number',
    );
  } catch {
    return [];
  }
}

/**
 * Frota's audit code (`device.update`, `permission.link`, `session.login`, …) as Traccar's action:
 * create/edit/remove, link/unlink (the property as the object, the owner in `attributes`),
 * login/logout/denied, accumulators, command; any other code keeps its own verb.
 */
export function traccarAction(row: Source): Mapped {
  const dot = row.code.indexOf('.');
  const kind = dot < 0 ? row.code : row.code.slice(0, dot);
  const verb = dot < 0 ? '' : row.code.slice(dot + 1);
  const objectId = row.objectId ?? 0;
  if (kind === 'session') {
    if (SESSION[verb]) {
      return { actionType: SESSION[verb], objectType: null, objectId: 0, attributes: {} };
    }
    if (verb === 'token') {
      return { actionType: 'create', objectType: 'token', objectId: 0, attributes: {} };
    }
    return { actionType: verb, objectType: 'user', objectId, attributes: {} };
  }
  if (kind === 'permission') {
    const entries = objectMap(row.object);
    const owner = entries[0];
    const property = entries[entries.length - 1];
    if (owner && property && entries.length >= 2) {
      return {
        actionType: verb,
        objectType: property[0].replace(/Id$/, ''),
        objectId: property[1],
        attributes: { ownerType: owner[0].replace(/Id$/, ''), ownerId: owner[1] },
      };
    }
    return { actionType: verb, objectType: row.objectType, objectId, attributes: {} };
  }
  if (kind === 'command' && verb === 'send') {
    return { actionType: 'command', objectType: row.objectType, objectId, attributes: {} };
  }
  return {
    actionType: VERBS[verb] ?? verb,
    objectType: row.objectType ?? kind,
    objectId,
    attributes: {},
  };
}

/**
 * `GET /api/audit`: the records of [from, to] in time order, as Traccar's actions. Like Traccar,
 * only what happened: refused requests are left out, failed sign-ins kept (`denied`). The e-mail
 * is the user's current one, else the one recorded (a deleted user).
 */
export async function listActions(db: Db, from: number, to: number): Promise<ActionJson[]> {
  const rows = await db.kysely
    .selectFrom('auditLogs')
    .leftJoin('users', 'users.id', 'auditLogs.userId')
    .select([
      'auditLogs.id',
      'auditLogs.time',
      'auditLogs.clientIp',
      'auditLogs.userId',
      'auditLogs.username',
      'auditLogs.code',
      'auditLogs.objectType',
      'auditLogs.objectId',
      'auditLogs.object',
      'auditLogs.status',
      'users.email',
    ])
    .where('auditLogs.time', '>=', from)
    .where('auditLogs.time', '<=', to)
    .where((eb) =>
      eb.or([eb('auditLogs.status', '<', 400), eb('auditLogs.code', '=', 'session.loginFailed')]),
    )
    .orderBy('auditLogs.time')
    .orderBy('auditLogs.id')
    .execute();
  return rows.map((row) => {
    const denied = row.code === 'session.loginFailed';
    return {
      id: Number(row.id),
      actionTime: new Date(Number(row.time)).toISOString(),
      address: row.clientIp,
      userId: denied ? 0 : Number(row.userId ?? 0),
      userEmail: denied ? null : (row.email ?? row.username),
      ...traccarAction({
        code: row.code,
        objectType: row.objectType,
        objectId: row.objectId === null ? null : Number(row.objectId),
        object: row.object,
      }),
    };
  });
}
