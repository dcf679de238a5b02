import { useCallback } from 'react';
import { usePermissions } from 'react-admin';
import { canAccess, type AccessRequest } from '../../authProvider/canAccess';
import { useServerInfo } from '../../bootstrap/ServerInfoContext';
import type { User } from '../../../model/user';

/**
 * The permission table, synchronously: the same pure `canAccess` the authProvider answers with,
 * for menus and buttons that must not flicker while react-admin asks asynchronously.
 */
export const useCan = () => {
  const info = useServerInfo();
  const { permissions: user } = usePermissions<User | null>();
  const can = useCallback(
    (action: string, resource: string, record?: AccessRequest['record']) =>
      canAccess(user ?? null, info, { action, resource, record }),
    [user, info],
  );
  return { can, user: user ?? null, info };
};
