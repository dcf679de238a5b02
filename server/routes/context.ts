import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getServerSettings } from '../db/servers';
import type { Ctx } from '../entities/context';
import { makeActor } from '../permissions/actor';

/** The signed-in caller with the server's settings, for the entity and permission modules. */
export async function requestContext(app: FastifyInstance, request: FastifyRequest): Promise<Ctx> {
  const { user } = await app.auth.requireUser(request);
  const actor = makeActor(user, await getServerSettings(app.db));
  return { db: app.db, actor, changes: app.changes };
}
