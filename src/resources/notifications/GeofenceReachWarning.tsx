import { Alert } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { FrotaDataProvider } from '../../dataProvider';

const GEOFENCE_TYPES = new Set(['geofenceEnter', 'geofenceExit']);

/** `attributes.geofenceIds`: comma-separated ids or an array; empty when the rule has no filter. */
const idList = (value: unknown): number[] =>
  (Array.isArray(value) ? value : String(value ?? '').split(','))
    .map((part) => Number(String(part).trim()))
    .filter((id) => Number.isInteger(id) && id > 0);

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
  const notificationId = record?.id;
  const { data: reachable } = useQuery({
    queryKey: ['geofenceLinks', 'notifications', notificationId ?? null, always],
    queryFn: () => dataProvider.reachableGeofenceIds(notificationId, always),
    enabled: geofenceRule,
  });
  if (!geofenceRule || !reachable) return null;
  const narrowed = filter.length > 0 ? reachable.filter((id) => filter.includes(id)) : reachable;
  if (narrowed.length > 0) return null;
  const key =
    filter.length > 0 && reachable.length > 0
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
