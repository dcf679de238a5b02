import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../dataProvider/http';

interface ChannelStatus {
  type: string;
  configured: boolean;
}

/** `GET /api/notifications/notificators`: every channel and whether the server can use it. */
export const useChannels = () =>
  useQuery({
    queryKey: ['notificators', 'status'],
    queryFn: () => getJson<ChannelStatus[]>('/api/notifications/notificators'),
    staleTime: 60_000,
  });
