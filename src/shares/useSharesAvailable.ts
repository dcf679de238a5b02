import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { FrotaDataProvider } from '../dataProvider';

/** Whether this server has shares (asked once per page); false until it has answered. */
export const useSharesAvailable = (): boolean => {
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const { data = false } = useQuery({
    queryKey: ['shares', 'available'],
    queryFn: () => dataProvider.sharesAvailable(),
    staleTime: Infinity,
    gcTime: Infinity,
  });
  return data;
};
