import { useCallback } from 'react';
import { useNotify, useUpdate } from 'react-admin';
import { getCurrentUser, setCurrentUser } from '../authProvider/currentUser';
import type { User } from '../../model/user';

/** Saves the chosen base layer on the user's `map` field (PUT /api/users/{id}). */
export const useSaveMapChoice = () => {
  const notify = useNotify();
  const [update] = useUpdate<User>();
  return useCallback(
    async (layerId: string) => {
      const user = getCurrentUser();
      if (!user) return;
      setCurrentUser({ ...user, map: layerId });
      try {
        const saved = await update(
          'users',
          { id: user.id, data: { ...user, map: layerId }, previousData: user },
          { returnPromise: true },
        );
        if (saved) setCurrentUser(saved);
      } catch {
        notify('map.layerSaveError', { type: 'warning' });
      }
    },
    [notify, update],
  );
};
