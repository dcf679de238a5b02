import { useQuery } from '@tanstack/react-query';
import { getJson } from '../dataProvider/http';
import type { ResellerOverview } from '../../model';

export const RESELLER_QUERY = ['reseller', 'me'];

export const useReseller = () =>
  useQuery({
    queryKey: RESELLER_QUERY,
    queryFn: () => getJson<ResellerOverview>('/tarkan/resellers/me'),
  });
