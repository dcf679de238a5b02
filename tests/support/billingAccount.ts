import type { BillingAccount } from '../../server/billing/store';

/**
 * A user's billing account as the store keeps it: not suspended, not exempt, trust unused, with
 * what a test is about given in `over`.
 */
export const billingAccount = (over: Partial<BillingAccount> = {}): BillingAccount => ({
  userId: 1,
  suspended: false,
  manual: false,
  exempt: false,
  trustUsed: false,
  graceUntil: null,
  providerCustomerId: null,
  ...over,
});
