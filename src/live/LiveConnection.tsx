import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshUser } from '../authProvider/session';
import { liveStore } from './liveStore';
import { startLiveSocket } from './liveSocket';

/**
 * Keeps `/api/socket` open while a signed-in layout is on screen (logout closes it too). When the
 * server says the user's account was saved, the user is read again and react-admin's permission
 * and identity queries with it, so menus and rights follow without a reload.
 */
export const LiveConnection = () => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      startLiveSocket(liveStore, {
        onUserChanged: () => {
          void refreshUser().then(async (read) => {
            if (read) await queryClient.invalidateQueries({ queryKey: ['auth'] });
          });
        },
      }),
    [queryClient],
  );
  return null;
};
