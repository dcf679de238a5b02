/**
 * User attributes that grant or limit rights, as opposed to preferences. Everything not listed
 * here (language, units, time zone, map choices, notification tokens…) is the user's own to
 * change. A listed key is never changed by the user on their own account nor at registration:
 * there the stored value stays as it is. The server enforces this list (`server/users/`); the web
 * app reads it to leave these keys out of a user's own form.
 *
 * - `manager`: an administrator, or a manager acting on a user they manage (within their own
 *   rights: advanced permissions no wider than theirs, reseller rules in `server/resellers/`).
 * - `admin`: an administrator only (billing terms, and markers the server itself writes on QR
 *   driver and shared-link accounts).
 */
export type AttributeSetter = 'manager' | 'admin';

interface ProtectedKey {
  /** The exact key, or a prefix when it ends with `*`. */
  key: string;
  setter: AttributeSetter;
}

export const PROTECTED_USER_ATTRIBUTES: readonly ProtectedKey[] = [
  // Advanced permissions: a missing or blank value means "everything allowed".
  { key: 'tarkan.advancedPerms', setter: 'manager' },
  // Reseller status, domain and limit (`server/resellers/attributes.ts`).
  { key: 'tarkan.reseller*', setter: 'manager' },
  { key: 'tarkan.subReseller', setter: 'manager' },
  { key: 'tarkan.domainReseller', setter: 'manager' },
  { key: 'tarkan.limitReseller', setter: 'manager' },
  // Billing terms: whether the account is billed, prices, suspension and trust unlock.
  { key: 'tarkan.enableBilling', setter: 'admin' },
  { key: 'tarkan.billing*', setter: 'admin' },
  // Traccar's name for the discount days before the due date, which billing reads when
  // `tarkan.billingDisccountDays` is not set: a billing term, set by whoever bills the account
  // (an administrator, or a reseller or manager over it), never by the billed user.
  { key: 'dueDateLimitDays', setter: 'manager' },
  // A QR driver account (no advanced permissions at all) and its check-in state.
  { key: 'tarkan.isQrDriverId', setter: 'admin' },
  { key: 'tarkan.isQrDeviceId', setter: 'admin' },
  { key: 'tarkan.qrCheckInTime', setter: 'admin' },
  // A shared-link account (map only, no menu).
  { key: 'isShared', setter: 'admin' },
];

/** Who may set user attribute `key` on someone's account; null for the user's own preferences. */
export function attributeSetter(key: string): AttributeSetter | null {
  for (const entry of PROTECTED_USER_ATTRIBUTES) {
    const matches = entry.key.endsWith('*')
      ? key.startsWith(entry.key.slice(0, -1))
      : key === entry.key;
    if (matches) return entry.setter;
  }
  return null;
}

/** Whether a user may change `key` on their own account. */
export const isSelfEditableAttribute = (key: string): boolean => attributeSetter(key) === null;
