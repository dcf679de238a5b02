import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { FrotaDataProvider } from '../../dataProvider';

/** `GET /api/notifications/notificators`: every channel and whether the server can use it. */
export const useChannels = () => {
  const dataProvider = useDataProvider<FrotaDataProvider>();
  return useQuery({
    queryKey: ['notificators', 'status'],
    queryFn: () => dataProvider.getNotificatorStatus(),
    staleTime: 60_000,
  });
};
