import { Autocomplete, Box, TextField } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { GeofenceReportItem } from '../../model/report';
import type { FrotaDataProvider } from '../dataProvider';
import type { ReportQuery } from '../dataProvider/reports';
import { useGeofences } from '../live/useReferenceData';
import { formatDateTime, formatDuration } from './format';
import { ReportFilter } from './ReportFilter';
import { ReportMoreActions } from './ReportMoreActions';
import { ReportPanel } from './ReportPanel';
import { ReportProgress } from './ReportProgress';
import { ReportStatus } from './ReportStatus';
import { CountedReportTable } from './CountedReportTable';
import type { Column } from './ReportTable';
import { useReportExport } from './useReportExport';
import { useReportRequest } from './useReportRequest';
import { useReportUnits } from './useReportUnits';

interface Option {
  id: number;
  name: string;
}

/** `/reports/geofences`: each visit of the chosen geofences (entered, left, time inside). */
export const GeofenceReportPanel = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const units = useReportUnits();
  const geofences = useGeofences();
  const { busy, progress, error, start, stop, cancel } = useReportRequest();
  const { exporting, exportProgress, runExport, cancelExport } = useReportExport();
  const [rows, setRows] = useState<GeofenceReportItem[] | null>(null);
  const [geofenceIds, setGeofenceIds] = useState<number[]>([]);

  useEffect(() => stop, [stop]);

  const options = useMemo<Option[]>(
    () =>
      geofences.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)),
    [geofences],
  );
  const names = useMemo(() => new Map(options.map((o) => [o.id, o.name])), [options]);

  const columns = useMemo(
    (): Column<GeofenceReportItem>[] => [
      {
        key: 'geofence',
        label: translate('reportsMore.columns.geofence'),
        width: 150,
        value: (row) => names.get(row.geofenceId) ?? String(row.geofenceId),
      },
      {
        key: 'device',
        label: translate('reportsMore.columns.device'),
        width: 140,
        value: (row) => row.deviceName,
      },
      {
        key: 'entered',
        label: translate('reportsMore.columns.entered'),
        width: 150,
        value: (row) => formatDateTime(row.startTime, units),
      },
      {
        key: 'left',
        label: translate('reportsMore.columns.left'),
        width: 150,
        value: (row) => formatDateTime(row.endTime, units),
      },
      {
        key: 'duration',
        label: translate('reportsMore.columns.duration'),
        width: 80,
        align: 'right',
        value: (row) => formatDuration(Date.parse(row.endTime) - Date.parse(row.startTime)),
      },
    ],
    [translate, units, names],
  );

  /** The filter's query with the geofences, or null (and a message) when none is chosen. */
  const withGeofences = (query: ReportQuery | null): ReportQuery | null => {
    if (!query) return null;
    if (geofenceIds.length === 0) {
      notify('reportsMore.needGeofence', { type: 'warning' });
      return null;
    }
    return { ...query, geofenceIds };
  };

  const load = (query: ReportQuery) => {
    const full = withGeofences(query);
    if (!full) return;
    start(
      (signal, onProgress) =>
        dataProvider.getReport<GeofenceReportItem>('geofences', full, signal, onProgress),
      (result) => setRows(result),
      () => setRows(null),
    );
  };

  return (
    <ReportPanel
      title={`${translate('reports.title')}: ${translate('reportsMore.views.geofences')}`}
      backTo="/reports"
      testId="report-geofences"
    >
      <Box sx={{ px: 1.5, pt: 1.5 }}>
        <Autocomplete
          multiple
          size="small"
          limitTags={3}
          options={options}
          value={options.filter((option) => geofenceIds.includes(option.id))}
          getOptionLabel={(option) => option.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          onChange={(_, value) => setGeofenceIds(value.map((option) => option.id))}
          renderInput={(input) => (
            <TextField
              {...input}
              label={translate('reportsMore.geofences')}
              data-testid="report-geofences-select"
            />
          )}
        />
      </Box>
      <ReportFilter
        busy={busy}
        exporting={exporting}
        onLoad={load}
        onExport={(query) => {
          const full = withGeofences(query);
          if (full) runExport('geofences', full);
        }}
        extraActions={(build) => (
          <ReportMoreActions endpoint="geofences" build={() => withGeofences(build())} />
        )}
      />
      {progress && <ReportProgress kind="rows" progress={progress} onCancel={cancel} />}
      {exportProgress && (
        <ReportProgress kind="export" progress={exportProgress} onCancel={cancelExport} />
      )}
      <ReportStatus error={error} empty={rows?.length === 0} emptyKey="reports.noData" />
      {rows && rows.length > 0 && (
        <CountedReportTable
          rows={rows}
          columns={columns}
          label={translate('reportsMore.views.geofences')}
        />
      )}
    </ReportPanel>
  );
};
