import type { AmountMode, InvoiceTerms } from './terms';

/**
 * A user's billing settings: each `tarkan.billing*` value from the request's overrides, else the
 * user's attributes, else the server's defaults (docs/extension-api.md lists the keys). Money
 * is in cents.
 */
export interface BillingSettings {
  enabled: boolean;
  priceCents: number;
  description: string;
  /** Day of the month invoices fall due, or null when unset. */
  dueDay: number | null;
  cpfCnpj: string;
  suspension: boolean;
  suspensionDays: number;
  trustUnlock: boolean;
  trustDays: number;
  terms: InvoiceTerms;
}

type Attrs = Record<string, unknown>;

const DEFAULT_TRUST_DAYS = 3;

function pick(key: string, ...sources: Attrs[]): unknown {
  for (const source of sources) {
    const value = source[key];
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}

const num = (value: unknown, fallback: number): number => {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string'
        ? Number(value.replace(',', '.'))
        : NaN;
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

const truthy = (value: unknown): boolean => value === true || value === 'true' || value === 1;

const mode = (value: unknown): AmountMode =>
  typeof value === 'string' && value.toUpperCase().startsWith('PERCENT') ? 'PERCENTAGE' : 'FIXED';

export function billingSettings(
  user: Attrs,
  server: Attrs,
  overrides: Attrs = {},
): BillingSettings {
  const get = (key: string) => pick(key, overrides, user, server);
  const dueDay = num(get('tarkan.billingDate'), 0);
  return {
    // Billing is switched on per user; the server switch gates the whole feature.
    enabled: truthy(user['tarkan.enableBilling']),
    priceCents: Math.round(num(get('tarkan.billingPrice'), 0)),
    description: String(get('tarkan.billingDescription') ?? ''),
    dueDay: dueDay >= 1 && dueDay <= 31 ? Math.trunc(dueDay) : null,
    cpfCnpj: String(pick('tarkan.billingCpfCnpj', overrides, user) ?? ''),
    suspension: truthy(get('tarkan.billingSuspension')),
    suspensionDays: Math.trunc(num(get('tarkan.billingSuspensionDays'), 0)),
    trustUnlock: truthy(get('tarkan.billingTrustUnlock')),
    trustDays: num(get('tarkan.billingTrustUnlockDays'), DEFAULT_TRUST_DAYS),
    terms: {
      fine: num(get('tarkan.billingFine'), 0),
      fineMode: mode(get('tarkan.billingFineMode')),
      interest: num(get('tarkan.billingInterest'), 0),
      discount: num(get('tarkan.billingDisccount'), 0),
      discountMode: mode(get('tarkan.billingDisccountMode')),
      discountDays: Math.trunc(
        num(get('tarkan.billingDisccountDays') ?? get('dueDateLimitDays'), 0),
      ),
    },
  };
}

/** The server switch `tarkan.enableBilling`. */
export const billingOn = (server: Attrs): boolean => truthy(server['tarkan.enableBilling']);
