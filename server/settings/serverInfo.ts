import { DESCRIPTION_MAX_LENGTH, NAME_MAX_LENGTH, URL_MAX_LENGTH, type Server } from '../../model';
import { checkTokenMaxDays } from '../auth/tokens';
import { noteValues } from '../audit/scope';
import type { Db } from '../db/database';
import {
  SERVER_ID,
  getServerSettings,
  saveServerSettings,
  type ServerSettings,
} from '../db/servers';
import { countUsers } from '../db/users';
import { keepSecrets, withoutSecrets } from '../notifications/channels/secrets';
import { checkTextLengths } from '../security/textLimits';
import { version } from '../version';

interface ServerFeatures {
  emailEnabled: boolean;
}

/** The stored settings plus the fields the server computes for every read. */
async function serverInfo(db: Db, features: ServerFeatures): Promise<Server> {
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
async function updateServer(
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

/** The record as `GET /api/server` answers it: channel credentials are write-only. */
export async function publicServerInfo(db: Db, features: ServerFeatures): Promise<Server> {
  return visible(await serverInfo(db, features));
}

/**
 * `PUT /api/server`: saves the settings, keeping the stored channel credentials the client
 * cannot have sent back (it never sees them), and answers the record without them.
 */
export async function updateServerInfo(
  db: Db,
  input: Partial<ServerSettings>,
  features: ServerFeatures,
): Promise<Server> {
  const next = { ...input };
  checkTextLengths(next, {
    map: NAME_MAX_LENGTH,
    bingKey: NAME_MAX_LENGTH,
    coordinateFormat: NAME_MAX_LENGTH,
    mapUrl: URL_MAX_LENGTH,
    overlayUrl: URL_MAX_LENGTH,
    poiLayer: URL_MAX_LENGTH,
    announcement: DESCRIPTION_MAX_LENGTH,
  });
  if (next.attributes) {
    checkTokenMaxDays(next.attributes);
    next.attributes = keepSecrets((await getServerSettings(db)).attributes, next.attributes);
  }
  return visible(await updateServer(db, next, features));
}

const visible = (server: Server): Server => ({
  ...server,
  attributes: withoutSecrets(server.attributes),
});
