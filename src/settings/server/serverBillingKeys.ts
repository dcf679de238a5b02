import type { AttributeInputKind } from '../../resources';

/** Server-wide billing defaults (Tarkan's attribute keys), each user's fallback, with their input kind. */
export const SERVER_BILLING_FIELDS: readonly (readonly [string, AttributeInputKind])[] = [
  ['tarkan.billingPrice', 'money'],
  ['tarkan.billingDate', 'number'],
  ['tarkan.billingFine', 'number'],
  ['tarkan.billingFineMode', 'mode'],
  ['tarkan.billingInterest', 'number'],
  ['tarkan.billingDisccount', 'number'],
  ['tarkan.billingDisccountMode', 'mode'],
  ['tarkan.billingDisccountDays', 'number'],
  ['tarkan.billingSuspension', 'toggle'],
  ['tarkan.billingSuspensionDays', 'number'],
  ['tarkan.billingTrustUnlock', 'toggle'],
  ['tarkan.billingTrustUnlockDays', 'number'],
  ['tarkan.billingDescription', 'text'],
  ['tarkan.billingGenerateDaysBefore', 'number'],
];

export const SERVER_BILLING_KEYS = SERVER_BILLING_FIELDS.map(([key]) => key);

/** `tarkan.billingPrice` → `billing.defaults.fields.billingPrice`. */
export const serverBillingLabel = (key: string) =>
  `billing.defaults.fields.${key.replace(/^tarkan\./, '')}`;
