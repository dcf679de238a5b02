import { useMemo } from 'react';
import { usePermissions } from 'react-admin';
import { type Access, accessFor } from '../authProvider/permissions';
import { useServerInfo } from '../bootstrap/ServerInfoContext';
import type { User } from '../../model/user';

export const useAccess = (): { access: Access; user: User | null } => {
  const { server, isPlus } = useServerInfo();
  const { permissions: user } = usePermissions<User | null>();
  const access = useMemo(() => accessFor(user ?? null, server, isPlus), [user, server, isPlus]);
  return { access, user: user ?? null };
};
