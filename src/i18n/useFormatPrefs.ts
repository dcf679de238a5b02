import { useMemo } from 'react';
import { useLocaleState, usePermissions } from 'react-admin';
import type { User } from '../../model/user';
import { useServerInfo } from '../bootstrap/ServerInfoContext';
import { type FormatPrefs, timeZoneOf } from './formatters';
import { distanceUnitOf, speedUnitOf } from './units';

/** The interface locale with the signed-in user's time zone and units (then the server's). */
export const useFormatPrefs = (): FormatPrefs => {
  const { server } = useServerInfo();
  const { permissions: user } = usePermissions<User | null>();
  const [locale] = useLocaleState();
  return useMemo(
    () => ({
      locale,
      timeZone: timeZoneOf(user, server),
      speed: speedUnitOf(user, server),
      distance: distanceUnitOf(user, server),
    }),
    [user, server, locale],
  );
};
