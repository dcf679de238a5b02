import type { User } from '../../model';
import { IllegalArgumentException } from '../errors';

/** The user attributes that make a reseller (`tarkan.reseller*`). */
const RESELLER_KEYS = {
  reseller: 'tarkan.reseller',
  subReseller: 'tarkan.subReseller',
  domain: 'tarkan.domainReseller',
  limit: 'tarkan.limitReseller',
} as const;

/**
 * A user's reseller settings. `limit` is how many users may exist under the reseller in all
 * (their own users, their sub-resellers and everything under those); -1 is unlimited.
 */
export interface ResellerSettings {
  reseller: boolean;
  subReseller: boolean;
  domain: string | null;
  limit: number;
}

const truthy = (value: unknown) => value === true || value === 'true';

function readLimit(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? Math.trunc(number) : 0;
}

export function resellerSettings(attributes: Record<string, unknown>): ResellerSettings {
  const domain = attributes[RESELLER_KEYS.domain];
  return {
    reseller: truthy(attributes[RESELLER_KEYS.reseller]),
    subReseller: truthy(attributes[RESELLER_KEYS.subReseller]),
    domain: typeof domain === 'string' && domain.trim() !== '' ? domain.trim().toLowerCase() : null,
    limit: readLimit(attributes[RESELLER_KEYS.limit]),
  };
}

export const isReseller = (user: Pick<User, 'attributes'>): boolean =>
  resellerSettings(user.attributes).reseller;

export const sameSettings = (a: ResellerSettings, b: ResellerSettings): boolean =>
  a.reseller === b.reseller &&
  a.subReseller === b.subReseller &&
  a.domain === b.domain &&
  a.limit === b.limit;

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A host name as browsers send it in `Host`: lower-case labels, at least one dot, no port. */
export function isHostname(value: string): boolean {
  if (value.length > 253 || !value.includes('.')) return false;
  const labels = value.split('.');
  return labels.every((label) => LABEL.test(label)) && !/^\d+$/.test(labels.at(-1) ?? '');
}

/** The request's host without port, lower-case, for the domain lookup. */
export function hostOf(header: string | undefined): string {
  const host = (header ?? '').trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  const colon = host.lastIndexOf(':');
  return colon >= 0 ? host.slice(0, colon) : host;
}

/** The host the main brand is reached at: `PUBLIC_URL`'s (`publicOrigin` in config.ts). */
export const mainHostOf = (publicOrigin: string): string =>
  new URL(publicOrigin).hostname.toLowerCase();

/**
 * Refuses reseller attributes that claim the main site's own host: its visitors would get that
 * reseller's brand (title, logos, support contact) instead of the operator's.
 */
export function checkNotMainHost(attributes: unknown, mainHost: string): void {
  if (typeof attributes !== 'object' || attributes === null) return;
  const settings = resellerSettings(attributes as Record<string, unknown>);
  if (settings.reseller && settings.domain === mainHost) {
    throw new IllegalArgumentException('Reseller domain is the main domain');
  }
}

/** Refuses a reseller without a valid domain or with a limit below -1. */
export function validateSettings(settings: ResellerSettings): void {
  if (!settings.reseller) return;
  if (settings.domain !== null && !isHostname(settings.domain)) {
    throw new IllegalArgumentException('Invalid reseller domain');
  }
  if (settings.limit < -1) throw new IllegalArgumentException('Invalid reseller limit');
}
