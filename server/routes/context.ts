import type { Auth } from '../plugins/auth';
import type { KeyReader } from '../users/totpKey';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recoveryOrigin } from '../auth/recovery';
import { publicOrigin } from '../config';
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

/** The reader of user records behind a request, for the TOTP key rule (`users/totpKey.ts`). */
export const keyReader = (auth: Auth): KeyReader => ({
  userId: auth.user.id,
  admin: auth.user.administrator,
  impersonated: auth.session?.impersonatorId != null,
});

/**
 * Where a recovery mail for this request links and whose name it signs with: the configured
 * public URL, or the reseller domain the request reached (the Host only picks among configured
 * domains), and that brand's title.
 */
export async function recoveryTarget(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ origin: string; brandName: string }> {
  const brandDomain = await app.brands.domainFor(request.host);
  const origin = recoveryOrigin(publicOrigin(app.config), brandDomain);
  const brand = await app.brands.view(await app.brands.scopeForHost(request.host));
  return { origin, brandName: brand.config.title };
}
