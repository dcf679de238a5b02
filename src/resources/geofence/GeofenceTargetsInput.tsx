import {
  Alert,
  Autocomplete,
  Box,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useDataProvider, useInput, useRecordContext, useTranslate } from 'react-admin';
import type { FrotaDataProvider } from '../../dataProvider';
import { TARGETS_FIELD } from '../../dataProvider/geofenceLinks';
import {
  coveredCount,
  targetsOfGeofence,
  type GeofenceTargets,
  type LinkedRow,
} from '../../dataProvider/geofenceCoverage';

/** The query of the geofence ↔ device/group links, for the editor. */
export const GEOFENCE_LINKS_KEY = ['geofenceLinks'];

export const useGeofenceLinkMap = () => {
  const dataProvider = useDataProvider<FrotaDataProvider>();
  return useQuery({ queryKey: GEOFENCE_LINKS_KEY, queryFn: () => dataProvider.geofenceLinkMap() });
};

/**
 * For each geofence, the devices it applies to: one request for the whole list (the list's
 * column reads every row from this one answer).
 */
export const useGeofenceDevices = () => {
  const dataProvider = useDataProvider<FrotaDataProvider>();
  return useQuery({
    queryKey: [...GEOFENCE_LINKS_KEY, 'devices'],
    queryFn: () => dataProvider.geofenceDevices(),
  });
};

const RowsInput = ({
  label,
  rows,
  value,
  onChange,
}: {
  label: string;
  rows: LinkedRow[];
  value: number[];
  onChange: (ids: number[]) => void;
}) => (
  <Autocomplete
    multiple
    options={rows}
    getOptionLabel={(row) => row.name}
    isOptionEqualToValue={(a, b) => a.id === b.id}
    value={rows.filter((row) => value.includes(row.id))}
    onChange={(_, chosen) => onChange(chosen.map((row) => row.id))}
    renderInput={(params) => <TextField {...params} label={label} />}
    sx={{ mt: 1 }}
  />
);

/**
 * Which devices and groups the geofence applies to: a geofence linked to none never raises an
 * enter or exit event. The choice is saved with the geofence (`geofenceLinks.ts` links it).
 */
export const GeofenceTargetsInput = () => {
  const translate = useTranslate();
  const record = useRecordContext<{ id?: number; attributes?: Record<string, unknown> }>();
  const { data: map, isPending, isFetching, error } = useGeofenceLinkMap();
  const { field } = useInput<GeofenceTargets | undefined>({ source: TARGETS_FIELD });
  const value = field.value as GeofenceTargets | undefined;
  const { onChange } = field;
  const geofenceId = record?.id;
  const attributes = record?.attributes;

  // The current links (read afresh, not a cached copy) become the form's starting choice.
  useEffect(() => {
    if (!map || isFetching || value) return;
    onChange(
      geofenceId
        ? targetsOfGeofence(map, geofenceId, attributes)
        : { all: false, deviceIds: [], groupIds: [] },
    );
  }, [map, isFetching, value, onChange, geofenceId, attributes]);

  if (error) return <Alert severity="error">{translate('ra.notification.http_error')}</Alert>;
  if (isPending || !map || !value) {
    return <Typography color="text.secondary">{translate('geofenceLinks.loading')}</Typography>;
  }
  const set = (change: Partial<GeofenceTargets>) => onChange({ ...value, ...change });
  const count = coveredCount(map, value);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, width: '100%', maxWidth: 640 }}>
      <Typography component="legend" variant="subtitle1">
        {translate('geofenceLinks.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate('geofenceLinks.intro')}
      </Typography>
      <FormControlLabel
        control={
          <Checkbox checked={value.all} onChange={(event) => set({ all: event.target.checked })} />
        }
        label={translate('geofenceLinks.all', { smart_count: map.devices.length })}
      />
      {value.all ? (
        <FormHelperText>
          {translate(map.rules ? 'geofenceLinks.allNote' : 'geofenceLinks.allSnapshot')}
        </FormHelperText>
      ) : (
        <>
          <RowsInput
            label={translate('geofenceLinks.devices')}
            rows={map.devices}
            value={value.deviceIds}
            onChange={(deviceIds) => set({ deviceIds })}
          />
          {map.groups.length > 0 && (
            <RowsInput
              label={translate('geofenceLinks.groups')}
              rows={map.groups}
              value={value.groupIds}
              onChange={(groupIds) => set({ groupIds })}
            />
          )}
        </>
      )}
      {count === 0 ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {translate('geofenceLinks.none')}
        </Alert>
      ) : (
        <FormHelperText role="status">
          {translate('geofenceLinks.count', { smart_count: count })}
        </FormHelperText>
      )}
    </Box>
  );
};
