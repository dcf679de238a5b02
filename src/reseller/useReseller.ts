import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { FrotaDataProvider } from '../dataProvider';

export const RESELLER_QUERY = ['reseller', 'me'];

export const useReseller = () => {
  const dataProvider = useDataProvider<FrotaDataProvider>();
  return useQuery({
    queryKey: RESELLER_QUERY,
    queryFn: () => dataProvider.getResellerOverview(),
  });
};
