import { useEffect, useMemo, useState } from 'react';
import { useDataProvider, useGetList, useTranslate } from 'react-admin';
import type { CombinedReportItem } from '../../model/report';
import type { Device } from '../../model/device';
import { eventText } from '../alerts/eventText';
import type { FrotaDataProvider } from '../dataProvider';
import type { ReportQuery } from '../dataProvider/reports';
import { useGeofences } from '../live/useReferenceData';
import { combinedStore } from './combinedStore';
import type { ReportEvent } from './columns';
import { formatDateTime } from './format';
import { ReportFilter } from './ReportFilter';
import { ReportPanel } from './ReportPanel';
import { ReportProgress } from './ReportProgress';
import { ReportStatus } from './ReportStatus';
import { CountedReportTable } from './CountedReportTable';
import type { Column } from './ReportTable';
import { type ReportMarker, routeStore } from './routeStore';
import { useReportExport } from './useReportExport';
import { useReportRequest } from './useReportRequest';
import { useReportUnits } from './useReportUnits';

const ALL = {
  pagination: { page: 1, perPage: 1_000_000 },
  sort: { field: 'id', order: 'ASC' as const },
};

/** Event markers for at most this many events. */
const MAX_MARKERS = 500;

/**
 * `/reports/combined`: the routes of the chosen devices on the map, a marker on each event, and
 * the events as a table. Its spreadsheet is the events report's.
 */
export const CombinedReportPanel = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const units = useReportUnits();
  const geofences = useGeofences();
  const { data: devices } = useGetList<Device>('device-admin', ALL, { staleTime: 60_000 });
  const { busy, progress, error, start, stop, cancel } = useReportRequest();
  const { exporting, exportProgress, runExport, cancelExport } = useReportExport();
  const [items, setItems] = useState<CombinedReportItem[] | null>(null);

  useEffect(
    () => () => {
      stop();
      combinedStore.clear();
    },
    [stop],
  );

  const names = useMemo(
    () => new Map((devices ?? []).map((device) => [Number(device.id), device.name])),
    [devices],
  );
  const geofenceName = useMemo(() => {
    const map = new Map(geofences.map((geofence) => [geofence.id, geofence.name]));
    return (id: number) => map.get(id);
  }, [geofences]);

  const rows = useMemo<ReportEvent[]>(
    () =>
      (items ?? [])
        .flatMap((item) =>
          item.events.map((event) => ({
            ...event,
            deviceName: names.get(item.deviceId) ?? String(item.deviceId),
          })),
        )
        .sort((a, b) => Date.parse(a.eventTime) - Date.parse(b.eventTime)),
    [items, names],
  );

  const columns = useMemo(
    (): Column<ReportEvent>[] => [
      {
        key: 'device',
        label: translate('reportsMore.columns.device'),
        width: 140,
        value: (row) => row.deviceName ?? '',
      },
      {
        key: 'time',
        label: translate('reportsMore.columns.time'),
        width: 160,
        value: (row) => formatDateTime(row.eventTime, units),
      },
      {
        key: 'event',
        label: translate('reportsMore.columns.event'),
        width: 240,
        value: (row) => eventText(row, translate, geofenceName),
      },
    ],
    [translate, units, geofenceName],
  );

  // The routes and a marker on each event where its position was.
  useEffect(() => {
    if (!items) return;
    combinedStore.show(items.map((item) => item.route.map(([lon, lat]) => [lat, lon] as const)));
    const markers: ReportMarker[] = items.flatMap((item) => {
      const positions = new Map(item.positions.map((position) => [position.id, position]));
      return item.events.flatMap((event) => {
        const position = positions.get(event.positionId);
        if (!position) return [];
        const label = [
          names.get(item.deviceId) ?? '',
          eventText(event, translate, geofenceName),
          formatDateTime(event.eventTime, units),
        ].join('\n');
        return [{ lat: position.latitude, lon: position.longitude, kind: 'event' as const, label }];
      });
    });
    routeStore.showMarkers(markers.slice(0, MAX_MARKERS), false);
  }, [items, names, translate, geofenceName, units]);

  const load = (query: ReportQuery) =>
    start(
      (signal, onProgress) =>
        dataProvider.getReport<CombinedReportItem>('combined', query, signal, onProgress),
      (result) => setItems(result),
      () => {
        setItems(null);
        combinedStore.clear();
      },
    );

  return (
    <ReportPanel
      title={`${translate('reports.title')}: ${translate('reportsMore.views.combined')}`}
      backTo="/reports"
      testId="report-combined"
    >
      <ReportFilter
        busy={busy}
        exporting={exporting}
        onLoad={load}
        onExport={(query) => runExport('events', query)}
      />
      {progress && <ReportProgress kind="rows" progress={progress} onCancel={cancel} />}
      {exportProgress && (
        <ReportProgress kind="export" progress={exportProgress} onCancel={cancelExport} />
      )}
      <ReportStatus
        error={error}
        empty={items !== null && items.every((item) => item.route.length === 0)}
        emptyKey="reports.noData"
      />
      {rows.length > 0 && (
        <CountedReportTable
          caption={translate('reportsMore.events')}
          rows={rows}
          columns={columns}
          label={translate('reportsMore.events')}
        />
      )}
    </ReportPanel>
  );
};
