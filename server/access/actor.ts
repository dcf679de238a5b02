import { advancedPermsApply, type PermsContext, type User } from '../../model';
import type { ServerSettings } from '../db/servers';

/** Restrictions that apply when set on the server OR the user; none for admins. */
interface Restrictions {
  readonly: boolean;
  deviceReadonly: boolean;
  limitCommands: boolean;
  disableReports: boolean;
  fixedEmail: boolean;
}

/** Who is calling, with everything the permission checks need. */
export interface Actor {
  user: User;
  admin: boolean;
  restrictions: Restrictions;
  /**
   * Advanced permission bits; null for admins and whenever they are not in force (no plus
   * licence, or the server setting off).
   */
  perms: PermsContext | null;
  server: ServerSettings;
}

const RESTRICTIONS = [
  'readonly',
  'deviceReadonly',
  'limitCommands',
  'disableReports',
  'fixedEmail',
] as const;

/** `plus`: the server runs with the plus licence (`LICENSE_MODE`). */
export function makeActor(user: User, server: ServerSettings, plus: boolean): Actor {
  const admin = user.administrator;
  const restrictions = {} as Restrictions;
  for (const key of RESTRICTIONS) restrictions[key] = !admin && (server[key] || user[key]);
  const enabled = server.attributes['tarkan.enableAdvancedPerms'] === true;
  const perms: PermsContext | null =
    advancedPermsApply({ plus, enabled }) && !admin
      ? {
          administrator: false,
          qrDriver: isSet(user.attributes['tarkan.isQrDriverId']),
          shared: isSet(user.attributes.isShared),
          plus: true,
          enabled: true,
          perms:
            typeof user.attributes['tarkan.advancedPerms'] === 'string'
              ? (user.attributes['tarkan.advancedPerms'] as string)
              : null,
        }
      : null;
  return { user, admin, restrictions, perms, server };
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false && value !== '' && value !== 0;
}
