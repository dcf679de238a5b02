import { useGetList } from 'react-admin';
import { canAddDevice } from '../../authProvider/permissions';
import { useAccess } from '../../authProvider/useAccess';

/** The device limit: the licence header, the server's `tarkan.deviceLimit`, the user's own. */
export const useDeviceLimit = (): { allowed: boolean; isPending: boolean } => {
  const { user, info } = useAccess();
  const { total, isPending } = useGetList('device-admin', {
    pagination: { page: 1, perPage: 1 },
  });
  if (isPending || total === undefined) return { allowed: true, isPending: true };
  return {
    isPending: false,
    allowed: canAddDevice({
      licenceRemaining: info.deviceLimit,
      serverLimit: info.server.attributes?.['tarkan.deviceLimit'],
      userLimit: user?.deviceLimit,
      count: total,
      administrator: user?.administrator === true,
    }),
  };
};
