import type { Auth } from '../plugins/auth';
import type { KeyReader } from '../users/totpKey';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recoveryOrigin, type RecoveryTargets } from '../signIn/recovery';
import { publicOrigin } from '../config';
import { getServerSettings } from '../db/servers';
import type { Ctx } from '../access/context';
import { SecurityException } from '../errors';
import { makeActor } from '../access/actor';

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
 * Where a recovery mail for this request may link and whose name it signs with: the configured
 * public URL and the main brand's title, and when the request reached a reseller's configured
 * domain (the Host only picks among configured domains), that domain and that brand's title, for
 * the reseller's own accounts (`auth/recovery.ts` chooses per account).
 */
export async function recoveryTargets(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<RecoveryTargets> {
  const origin = publicOrigin(app.config);
  const main = {
    origin,
    brandName: (await app.brands.view(app.brands.scopeOf(null))).config.title,
  };
  const domain = await app.brands.domainFor(request.host);
  const resellerId = domain === null ? null : await app.brands.resellerFor(request.host);
  if (domain === null || resellerId === null) return { main, reseller: null };
  const brand = await app.brands.view(app.brands.scopeOf(resellerId));
  return {
    main,
    reseller: {
      resellerId,
      origin: recoveryOrigin(origin, domain),
      brandName: brand.config.title,
    },
  };
}
