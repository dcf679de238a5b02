import { createHash } from 'node:crypto';
import type { User } from '../../model';
import type { Db } from '../db/database';
import { findUserById } from '../db/users';
import { SecurityException, TooManyAttemptsException, WebApplicationException } from '../errors';
import { checkDomain, checkStoredCredentials } from './login';
import type { Throttle } from '../auth/loginThrottle';

/**
 * `Authorization: Basic base64(email:password)` on any request, as Traccar accepts it for scripts
 * (docs/traccar-api.md). The account rules are the sign-in's: the login throttle per account and
 * address, a wrong password, a disabled or expired account, an account with a one-time code (which
 * Basic cannot carry) or a reseller's user off their domains all end in "no user" (401).
 */

export interface BasicCredentials {
  email: string;
  password: string;
}

/**
 * The credentials of a Basic header; `undefined` when the header is not Basic at all, `null` when
 * it is Basic but malformed (no colon, not base64 text).
 */
export function parseBasic(header: string | undefined): BasicCredentials | null | undefined {
  const match = header ? /^Basic\s+(\S*)\s*$/i.exec(header) : null;
  if (!match) return undefined;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(match[1])) return null;
  const text = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon < 0) return null;
  return { email: text.slice(0, colon).trim(), password: text.slice(colon + 1) };
}

interface Verified {
  userId: number;
  /** The stored hash the password was checked against: a new password drops the entry. */
  passwordHash: string;
  expires: number;
}

/**
 * Headers whose password was verified a moment ago. A script sends the same header on every
 * request, and scrypt is deliberately slow (tens of milliseconds of CPU), so re-deriving it each
 * time would make Basic far dearer than a token. Entries are keyed by a SHA-256 of the header, so
 * memory never holds a password; they live a minute, only successful checks are kept, and each
 * use still reads the account (a changed password, a disabled or expired account take effect at
 * once) and honours the throttle.
 */
export class VerifiedBasicCache {
  private readonly entries = new Map<string, Verified>();
  private readonly verifying = new Map<string, Promise<User | null>>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  static key(header: string): string {
    return createHash('sha256').update(header).digest('hex');
  }

  get(key: string): Verified | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry;
  }

  set(key: string, userId: number, passwordHash: string): void {
    this.entries.delete(key); // re-inserted last: the map stays ordered oldest first
    this.entries.set(key, { userId, passwordHash, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /**
   * Runs one verification per header at a time: a script's first burst of parallel requests
   * shares one password check instead of each counting as a throttled attempt.
   */
  once(key: string, verify: () => Promise<User | null>): Promise<User | null> {
    let pending = this.verifying.get(key);
    if (!pending) {
      pending = verify().finally(() => this.verifying.delete(key));
      this.verifying.set(key, pending);
    }
    return pending;
  }
}

interface BasicRequest {
  header: string;
  credentials: BasicCredentials;
  /** Client address, for the throttle. */
  address: string;
  /** The host the request was sent to, for a reseller's domains. */
  host: string;
}

/** The password check, from the cache or through the throttle and scrypt. */
async function passwordUser(
  db: Db,
  throttle: Throttle,
  cache: VerifiedBasicCache,
  r: BasicRequest,
): Promise<User | null> {
  const { email, password } = r.credentials;
  const key = VerifiedBasicCache.key(r.header);
  const cached = cache.get(key);
  if (cached) {
    const decision = await throttle.check(r.address, email);
    if (!decision.allowed) throw new TooManyAttemptsException(decision.retryAfterSeconds);
    const found = await findUserById(db, cached.userId);
    if (found && found.hashedPassword === cached.passwordHash) return found.user;
    cache.delete(key);
  }
  return cache.once(key, async () => {
    let found;
    try {
      // The sign-in's own password check, without the second step Basic cannot carry.
      found = await checkStoredCredentials(
        db,
        throttle,
        { address: r.address, email, password },
        false,
      );
    } catch (error) {
      if (error instanceof WebApplicationException && error.status === 401) return null;
      throw error;
    }
    // The hash compared is the one cached, so a password changed meanwhile cannot be kept alive.
    if (found.hashedPassword === null) return null;
    cache.set(key, found.user.id, found.hashedPassword);
    return found.user;
  });
}

/** The user a Basic header signs in, or null when it does not (the caller answers 401). */
export async function basicUser(
  db: Db,
  throttle: Throttle,
  cache: VerifiedBasicCache,
  request: BasicRequest,
): Promise<User | null> {
  // The account's state (disabled, expired, suspended) is the request's check, as for tokens.
  const user = await passwordUser(db, throttle, cache, request);
  if (!user || user.totpKey) return null;
  try {
    await checkDomain(db, user, request.host);
  } catch (error) {
    if (error instanceof SecurityException) return null;
    throw error;
  }
  return user;
}
