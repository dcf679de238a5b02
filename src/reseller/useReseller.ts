import { useQuery } from '@tanstack/react-query';
import { getJson } from '../dataProvider/http';
import type { User } from '../model';

/** `GET /tarkan/resellers/me`. */
export interface ResellerOverview {
  domain: string | null;
  /** -1: unlimited. */
  limit: number;
  used: number;
  subReseller: boolean;
  users: User[];
}

export const RESELLER_QUERY = ['reseller', 'me'];

export const useReseller = () =>
  useQuery({
    queryKey: RESELLER_QUERY,
    queryFn: () => getJson<ResellerOverview>('/tarkan/resellers/me'),
  });
