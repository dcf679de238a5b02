import type { User } from './user';

/** `GET /tarkan/resellers/me`: the reseller's domain, limit use and users. */
export interface ResellerOverview {
  domain: string | null;
  /** -1: unlimited. */
  limit: number;
  /** Users under the reseller at any depth. */
  used: number;
  subReseller: boolean;
  /** The users the reseller manages directly (sub-resellers among them), by name. */
  users: User[];
}
