import type { BillingAccount } from './store';
import type { BillingSettings } from './settings';
import { daysBetween } from './terms';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the account is locked out right now (suspended and not within a grace period). */
export const lockedOut = (account: BillingAccount, now: number): boolean =>
  account.suspended && !(account.graceUntil !== null && account.graceUntil > now);

/** A trust unlock is offered once per suspension: enabled for the user and not used yet. */
export const trustAvailable = (account: BillingAccount, settings: BillingSettings): boolean =>
  settings.trustUnlock && !account.trustUsed;

/** Why a trust unlock is refused, or null when it may go ahead. */
export function trustRefusal(
  account: BillingAccount,
  settings: BillingSettings,
  now: number,
): string | null {
  if (!settings.trustUnlock) return 'Trust unlock not available';
  if (account.trustUsed) return 'Already trust';
  if (!lockedOut(account, now)) return 'Account is not suspended';
  return null;
}

/** The account after a trust unlock: let in for the configured days, and the trust spent. */
export const afterTrustUnlock = (
  account: BillingAccount,
  settings: BillingSettings,
  now: number,
): BillingAccount => ({
  ...account,
  trustUsed: true,
  graceUntil: now + settings.trustDays * DAY_MS,
});

/**
 * The periodic decision for one user, from the due dates of their overdue invoices:
 * suspend when automatic suspension is on and the oldest is more than N days late; lift an
 * automatic suspension (and restore the trust unlock) once nothing is overdue.
 */
export function nextAccountState(
  account: BillingAccount,
  settings: BillingSettings,
  overdueDueDates: string[],
  today: string,
): BillingAccount {
  if (overdueDueDates.length === 0) {
    if (account.manual) return account;
    return { ...account, suspended: false, trustUsed: false, graceUntil: null };
  }
  if (account.suspended || account.exempt || !settings.enabled || !settings.suspension) {
    return account;
  }
  const oldest = [...overdueDueDates].sort()[0];
  if (daysBetween(oldest, today) > settings.suspensionDays) {
    return { ...account, suspended: true, graceUntil: null };
  }
  return account;
}

export const sameState = (a: BillingAccount, b: BillingAccount): boolean =>
  a.suspended === b.suspended &&
  a.manual === b.manual &&
  a.exempt === b.exempt &&
  a.trustUsed === b.trustUsed &&
  a.graceUntil === b.graceUntil;
