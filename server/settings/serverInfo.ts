import type { Server } from '../../model';
import { noteValues } from '../audit/scope';
import type { Db } from '../db/database';
import {
  SERVER_ID,
  getServerSettings,
  saveServerSettings,
  type ServerSettings,
} from '../db/servers';
import { countUsers } from '../db/users';
import { version } from '../version';

export interface ServerFeatures {
  emailEnabled: boolean;
}

/** The stored settings plus the fields the server computes for every read. */
export async function serverInfo(db: Db, features: ServerFeatures): Promise<Server> {
  const settings = await getServerSettings(db);
  return {
    id: SERVER_ID,
    ...settings,
    version,
    emailEnabled: features.emailEnabled,
    textEnabled: false,
    geocoderEnabled: false,
    openIdEnabled: false,
    openIdForce: false,
    newServer: (await countUsers(db)) === 0,
  };
}

/** Saves the stored fields present in `input`; anything else in it is ignored. */
export async function updateServer(
  db: Db,
  input: Partial<ServerSettings>,
  features: ServerFeatures,
): Promise<Server> {
  const current = await getServerSettings(db);
  const next: ServerSettings = { ...current };
  const target = next as unknown as Record<keyof ServerSettings, unknown>;
  for (const key of Object.keys(current) as (keyof ServerSettings)[]) {
    if (input[key] !== undefined) target[key] = input[key];
  }
  await saveServerSettings(db, next);
  noteValues('server', null, current, next);
  return serverInfo(db, features);
}
