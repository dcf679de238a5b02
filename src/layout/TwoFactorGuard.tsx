import { usePermissions } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import type { User } from '../../model/user';
import { useImpersonation } from '../authProvider/useImpersonation';
import { useServerInfo } from '../bootstrap/ServerInfoContext';
import { SETUP_PATH, needsTwoFactorSetup } from '../common/twoFactor/twoFactorRules';

/**
 * With `totpForce`, a user without a key is sent to the account page to set one up before using
 * the app (the server asks for the key at registration; existing users comply here). Not while
 * the session acts as another user: only the user themselves can set up their own phone.
 */
export const TwoFactorGuard = () => {
  const { permissions: user } = usePermissions<User | null>();
  const { server } = useServerInfo();
  const { original, settled } = useImpersonation();
  const { pathname } = useLocation();
  if (!user || !settled || original || pathname.startsWith('/account')) return null;
  return needsTwoFactorSetup(user, server) ? <Navigate to={SETUP_PATH} replace /> : null;
};
