import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { getCurrentUser, setCurrentUser } from '../authProvider/currentUser';
import { getJson } from '../dataProvider/http';
import type { User } from '../../model/user';

/** Saves the chosen base layer on the user's `map` field (PUT /api/users/{id}). */
export const useSaveMapChoice = () => {
  const notify = useNotify();
  return useCallback(
    async (layerId: string) => {
      const user = getCurrentUser();
      if (!user) return;
      setCurrentUser({ ...user, map: layerId });
      try {
        const saved = await getJson<User>(`/api/users/${user.id}`, {
          method: 'PUT',
          json: { ...user, map: layerId },
        });
        setCurrentUser(saved);
      } catch {
        notify('map.layerSaveError', { type: 'warning' });
      }
    },
    [notify],
  );
};
