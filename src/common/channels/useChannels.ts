import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { FrotaDataProvider } from '../../dataProvider';

/** `GET /api/notifications/notificators`: the channels the server can deliver through now. */
export const useChannels = () => {
  const dataProvider = useDataProvider<FrotaDataProvider>();
  return useQuery({
    queryKey: ['notificators', 'usable'],
    queryFn: () => dataProvider.getNotificators(),
    staleTime: 60_000,
  });
};
