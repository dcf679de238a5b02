import { useCallback } from 'react';
import { usePermissions, useRefresh, useUpdate } from 'react-admin';
import { getCurrentUser, setCurrentUser } from '../../authProvider/currentUser';
import { useServerInfo } from '../../bootstrap/ServerInfoContext';
import type { User } from '../../../model/user';
import { pinnedKeys } from './formatValue';

const KEY = 'tarkan.deviceAttributes';

/** Pinned attribute keys: the server's (admin-managed) and the user's own, which they may change. */
export const usePins = () => {
  const { server } = useServerInfo();
  const { permissions: user } = usePermissions<User | null>();
  const refresh = useRefresh();
  const [update] = useUpdate<User>();
  const serverPins = pinnedKeys(server.attributes?.[KEY]);
  const userPins = pinnedKeys(user?.attributes?.[KEY]);
  const setUserPins = useCallback(
    async (keys: string[]) => {
      const current = getCurrentUser();
      if (!current) return;
      const next = { ...current, attributes: { ...current.attributes, [KEY]: keys.join(',') } };
      setCurrentUser(next);
      refresh();
      try {
        const saved = await update(
          'users',
          { id: current.id, data: next, previousData: current },
          { returnPromise: true },
        );
        if (saved) setCurrentUser(saved);
      } catch {
        setCurrentUser(current);
      }
      refresh();
    },
    [refresh, update],
  );
  return { serverPins, userPins, setUserPins };
};
