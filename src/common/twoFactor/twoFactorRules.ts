import type { Server } from '../../../model/server';
import type { User } from '../../../model/user';

/** `/account?twoFactor=setup` opens the setup dialog at once (the forced set-up sends users there). */
export const SETUP_PARAM = 'twoFactor';
export const SETUP_PATH = `/account?${SETUP_PARAM}=setup`;

interface TwoFactorSettings {
  /** `totpEnable`: users may create a key. */
  allowed: boolean;
  /** `totpForce`: every user must have one. */
  forced: boolean;
}

export const twoFactorSettingsOf = (server: Pick<Server, 'attributes'>): TwoFactorSettings => ({
  allowed: server.attributes.totpEnable === true,
  forced: server.attributes.totpForce === true,
});

/**
 * Whether a signed-in user must set up two-step verification before going on: the server requires
 * it (and lets keys be created), the user has none, and the account signs in with a password
 * (a shared link's viewer and a QR driver do not).
 */
export const needsTwoFactorSetup = (
  user: Pick<User, 'totpKey' | 'attributes'>,
  server: Pick<Server, 'attributes'>,
): boolean => {
  const { allowed, forced } = twoFactorSettingsOf(server);
  const passwordless = Boolean(user.attributes.isShared || user.attributes['tarkan.isQrDriverId']);
  return allowed && forced && !user.totpKey && !passwordless;
};
