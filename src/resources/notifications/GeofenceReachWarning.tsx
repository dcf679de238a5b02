import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { FrotaDataProvider } from '../../dataProvider';
import type { NotificationReach } from '../../dataProvider/geofenceLinks';
import { devicesInGroups, reachableGeofences } from '../../dataProvider/geofenceCoverage';

const GEOFENCE_TYPES = new Set(['geofenceEnter', 'geofenceExit']);

/** `attributes.geofenceIds`: comma-separated ids or an array; empty when the rule has no filter. */
const idList = (value: unknown): number[] =>
  (Array.isArray(value) ? value : String(value ?? '').split(','))
    .map((part) => Number(String(part).trim()))
    .filter((id) => Number.isInteger(id) && id > 0);

/** The devices a rule covers: all the user sees with "All devices", else its device and group links. */
export function coveredDevices(
  reach: NotificationReach,
  notificationId: number | undefined,
  always: boolean,
): number[] {
  if (always) return reach.devices.map((d) => d.id);
  if (!notificationId) return [];
  const linked = (links: Record<number, number[]>) =>
    Object.entries(links)
      .filter(([, ids]) => ids.includes(notificationId))
      .map(([owner]) => Number(owner));
  return [
    ...new Set([
      ...linked(reach.deviceNotifications),
      ...devicesInGroups(reach, linked(reach.groupNotifications)),
    ]),
  ];
}

/**
 * A geofence enter/exit rule fires only for geofences linked to the devices it covers; the form
 * says so when there is none, instead of the rule silently never firing.
 */
export const GeofenceReachWarning = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const record = useRecordContext<{ id?: number }>();
  const type = useWatch({ name: 'type' }) as string | undefined;
  const always = Boolean(useWatch({ name: 'always' }));
  const filter = idList(useWatch({ name: 'attributes.geofenceIds' }));
  const geofenceRule = type !== undefined && GEOFENCE_TYPES.has(type);
  const { data: reach } = useQuery({
    queryKey: ['geofenceLinks', 'notifications'],
    queryFn: () => dataProvider.notificationReach(),
    enabled: geofenceRule,
  });
  if (!geofenceRule || !reach) return null;
  const covered = coveredDevices(reach, record?.id, always);
  if (reachableGeofences(reach, covered, filter).length > 0) return null;
  const key =
    filter.length > 0 && reachableGeofences(reach, covered).length > 0
      ? 'geofenceLinks.ruleFilter'
      : always
        ? 'geofenceLinks.ruleAlways'
        : 'geofenceLinks.ruleLinked';
  return (
    <Alert severity="warning" sx={{ mb: 2, maxWidth: 640 }}>
      {translate(key)}
    </Alert>
  );
};
