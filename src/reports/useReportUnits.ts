import { useMemo } from 'react';
import { useLocaleState, usePermissions } from 'react-admin';
import { useServerInfo } from '../bootstrap/ServerInfoContext';
import { distanceUnitOf, speedUnitOf } from '../i18n/units';
import type { User } from '../../model/user';
import type { Units } from './format';

/** The signed-in user's units (then the server's) and the interface locale. */
export const useReportUnits = (): Units => {
  const { server } = useServerInfo();
  const { permissions: user } = usePermissions<User | null>();
  const [locale] = useLocaleState();
  return useMemo(
    () => ({
      speed: speedUnitOf(user, server),
      distance: distanceUnitOf(user, server),
      locale,
    }),
    [user, server, locale],
  );
};
