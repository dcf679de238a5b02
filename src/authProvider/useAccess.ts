import { useCallback, useMemo } from 'react';
import { usePermissions } from 'react-admin';
import type { User } from '../../model/user';
import { type ServerInfoValue, useServerInfo } from '../bootstrap/ServerInfoContext';
import { type AccessRequest, canAccess } from './canAccess';
import { type Access, accessFor } from './permissions';

/**
 * The signed-in user's rights, read synchronously so menus and buttons never flicker while
 * react-admin asks the authProvider: `access` feeds the live screens' rules (`can` in
 * `permissions.ts`), and `can(action, resource, record?)` answers from the same management table
 * (`canAccess.ts`) the authProvider gives react-admin.
 */
export const useAccess = (): {
  access: Access;
  can: (action: string, resource: string, record?: AccessRequest['record']) => boolean;
  user: User | null;
  info: ServerInfoValue;
} => {
  const info = useServerInfo();
  const { permissions } = usePermissions<User | null>();
  const user = permissions ?? null;
  const { server, isPlus } = info;
  const access = useMemo(() => accessFor(user, server, isPlus), [user, server, isPlus]);
  const can = useCallback(
    (action: string, resource: string, record?: AccessRequest['record']) =>
      canAccess(user, info, { action, resource, record }),
    [user, info],
  );
  return { access, can, user, info };
};
