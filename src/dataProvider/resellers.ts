import type { ResellerOverview } from '../../model';
import { getJson } from './http';

export const resellerMethods = {
  /** The signed-in reseller's domain, limit use, users and sub-resellers. */
  getResellerOverview: (): Promise<ResellerOverview> =>
    getJson<ResellerOverview>('/tarkan/resellers/me'),
};
