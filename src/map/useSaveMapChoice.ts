import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { getCurrentUser, setCurrentUser } from '../authProvider/currentUser';
import type { User } from '../../model/user';

/**
 * Saves the chosen base layer on the user's `map` field (PUT /api/users/{id}). Through the data
 * provider rather than `useUpdate`: the mutation machinery it brings would be a kilobyte and a
 * half more for every first visit to the map, for a choice made now and then. The users' cached
 * lists and records are read again afterwards, as `useUpdate` would leave them current.
 */
export const useSaveMapChoice = () => {
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  return useCallback(
    async (layerId: string) => {
      const user = getCurrentUser();
      if (!user) return;
      setCurrentUser({ ...user, map: layerId });
      try {
        const { data: saved } = await dataProvider.update<User>('users', {
          id: user.id,
          data: { ...user, map: layerId },
          previousData: user,
        });
        if (saved) setCurrentUser(saved);
        void queryClient.invalidateQueries({ queryKey: ['users'] });
      } catch {
        notify('map.layerSaveError', { type: 'warning' });
      }
    },
    [dataProvider, notify, queryClient],
  );
};
