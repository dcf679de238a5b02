import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshUser } from '../authProvider/session';
import { loadServerInfo } from '../bootstrap/useServerInfoLoader';
import { takeLiveSocket } from './earlySocket';

/**
 * Every open app hears of a settings save at once: each waits up to this long before reading
 * them again, so thousands of screens do not ask in the same instant.
 */
const SERVER_READ_SPREAD_MS = 2000;

/**
 * Keeps `/api/socket` open while a signed-in layout is on screen (logout closes it too). When the
 * server says the user's account, or the server settings or brand, were saved, they are read
 * again and react-admin's permission and identity queries with them, so menus, rights and
 * settings follow without a reload.
 */
export const LiveConnection = () => {
  const queryClient = useQueryClient();
  useEffect(() => {
    let spread: ReturnType<typeof setTimeout> | undefined;
    const readServer = async () => {
      // The server settings form keeps its own copy: re-reading it would drop unsaved edits.
      await loadServerInfo();
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
    };
    const stop = takeLiveSocket({
      onUserChanged: () => {
        void refreshUser().then(async (read) => {
          if (read) await queryClient.invalidateQueries({ queryKey: ['auth'] });
        });
      },
      onServerChanged: () => {
        if (spread !== undefined) return;
        spread = setTimeout(() => {
          spread = undefined;
          readServer().catch((error: unknown) =>
            console.info('server settings reload failed', error),
          );
        }, Math.random() * SERVER_READ_SPREAD_MS);
      },
    });
    return () => {
      clearTimeout(spread);
      stop();
    };
  }, [queryClient]);
  return null;
};
