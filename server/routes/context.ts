import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getServerSettings } from '../db/servers';
import type { Ctx } from '../entities/context';
import { SecurityException } from '../errors';
import { makeActor } from '../permissions/actor';

/** The signed-in caller with the server's settings, for the entity and permission modules. */
export async function requestContext(app: FastifyInstance, request: FastifyRequest): Promise<Ctx> {
  const { user } = await app.auth.requireUser(request);
  const actor = makeActor(user, await getServerSettings(app.db), Boolean(app.config.licenseMode));
  return { db: app.db, actor, changes: app.changes };
}

/** The plus licence (`LICENSE_MODE`) switches the extension's management screens on. */
export function requirePlusLicence(app: FastifyInstance): void {
  if (!app.config.licenseMode) throw new SecurityException('Plus licence required');
}

/** An `onRequest` guard: administrators of a plus-licensed server only. */
export const plusAdmin =
  (app: FastifyInstance) =>
  async (request: FastifyRequest): Promise<void> => {
    await app.auth.requireAdmin(request);
    requirePlusLicence(app);
  };
