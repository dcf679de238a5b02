import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import type { FrotaDataProvider } from '../dataProvider';
import type { ReportQuery } from '../dataProvider/reports';
import { useGeofences } from '../live/useReferenceData';
import type { Device } from '../../model/device';
import type { Position } from '../../model/position';
import { ENDPOINT, type ReportView } from './views';
import {
  COLUMN_CHOICES,
  eventColumns,
  type ReportEvent,
  type StopItem,
  stopColumns,
  summaryColumns,
  type SummaryItem,
  type TripItem,
  tripColumns,
} from './columns';
import { formatDateTime, formatDuration, formatPlace } from './format';
import { EventTypeSelect } from './EventTypeSelect';
import { ReportProgress } from './ReportProgress';
import { ReportStatus } from './ReportStatus';
import { ReportFilter } from './ReportFilter';
import { ReportSwitch } from './ReportSwitch';
import { ReportMoreActions } from './ReportMoreActions';
import type { SchedulableType } from './ScheduleReportDialog';
import { useReportExport } from './useReportExport';
import { useReportRequest } from './useReportRequest';
import { ReportPanel } from './ReportPanel';
import { CountedReportTable } from './CountedReportTable';
import type { Column } from './ReportTable';
import { type ReportMarker, routeStore } from './routeStore';
import { useReportUnits } from './useReportUnits';

type TableView = Exclude<ReportView, 'history'>;
type Row = SummaryItem | TripItem | StopItem | ReportEvent;

const ALL = {
  pagination: { page: 1, perPage: 1_000_000 },
  sort: { field: 'id', order: 'ASC' as const },
};

/** Markers for at most this many rows (events need a position look-up each). */
const MAX_MARKER_ROWS = 500;

const tripMarkers = (rows: TripItem[]): ReportMarker[] =>
  rows.slice(0, MAX_MARKER_ROWS).flatMap((row) => [
    {
      lat: row.startLat,
      lon: row.startLon,
      kind: 'start' as const,
      label: `${row.deviceName}\n${formatPlace(row.startAddress, row.startLat, row.startLon)}`,
    },
    {
      lat: row.endLat,
      lon: row.endLon,
      kind: 'end' as const,
      label: `${row.deviceName}\n${formatPlace(row.endAddress, row.endLat, row.endLon)}`,
    },
  ]);

/** `/reports/resume|travels|stops|events`: filter, table, export, markers on the map. */
export const ReportViewPanel = ({ view }: { view: TableView }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const units = useReportUnits();
  const geofences = useGeofences();
  const { data: devices } = useGetList<Device>('device-admin', ALL, { staleTime: 60_000 });
  const [rows, setRows] = useState<Row[] | null>(null);
  const { busy, progress, error, start, stop, cancel } = useReportRequest();
  const { exporting, exportProgress, runExport, cancelExport } = useReportExport();
  const [daily, setDaily] = useState(false);
  const [eventTypes, setEventTypes] = useState<string[]>([]);
  const [showMarkers, setShowMarkers] = useState(true);

  // Leaving the view (or switching report) clears what it drew on the map.
  useEffect(() => {
    setRows(null);
    return stop;
  }, [view, stop]);

  const names = useMemo(
    () => new Map((devices ?? []).map((device) => [Number(device.id), device.name])),
    [devices],
  );
  const geofenceName = useMemo(() => {
    const map = new Map(geofences.map((geofence) => [geofence.id, geofence.name]));
    return (id: number) => map.get(id);
  }, [geofences]);

  const columns = useMemo((): Column<Row>[] => {
    switch (view) {
      case 'resume':
        return summaryColumns(translate, units) as Column<Row>[];
      case 'travels':
        return tripColumns(translate, units) as Column<Row>[];
      case 'stops':
        return stopColumns(translate, units) as Column<Row>[];
      case 'events':
        return eventColumns(translate, units, geofenceName) as Column<Row>[];
    }
  }, [view, translate, units, geofenceName]);

  // Events are drawn where their positions were, looked up by id.
  const markedEvents = useMemo(
    () =>
      view === 'events' && rows && showMarkers
        ? (rows as ReportEvent[]).filter((row) => row.positionId).slice(0, MAX_MARKER_ROWS)
        : [],
    [view, rows, showMarkers],
  );
  const positionIds = useMemo(() => markedEvents.map((row) => row.positionId), [markedEvents]);
  const { data: eventPositions } = useQuery({
    queryKey: ['positions', 'byId', positionIds],
    queryFn: ({ signal }) => dataProvider.getPositionsById(positionIds, signal),
    enabled: positionIds.length > 0,
    retry: false,
  });

  // Report markers follow the rows and the switch.
  useEffect(() => {
    if (!rows || !showMarkers || view === 'resume') {
      routeStore.showMarkers([], false);
      return;
    }
    if (view === 'travels') routeStore.showMarkers(tripMarkers(rows as TripItem[]));
    if (view === 'stops') {
      routeStore.showMarkers(
        (rows as StopItem[]).slice(0, MAX_MARKER_ROWS).map((row) => ({
          lat: row.latitude,
          lon: row.longitude,
          kind: 'stop',
          label: `${row.deviceName}\n${formatPlace(row.address, row.latitude, row.longitude)}\n${formatDuration(row.duration)}`,
        })),
      );
    }
    if (view !== 'events' || markedEvents.length === 0 || !eventPositions) return;
    const byId = new Map(eventPositions.map((position) => [position.id, position]));
    routeStore.showMarkers(
      markedEvents.flatMap((row) => {
        const position = byId.get(row.positionId);
        return position
          ? [
              {
                lat: position.latitude,
                lon: position.longitude,
                kind: 'event' as const,
                label: `${row.deviceName ?? ''}\n${columns[2].value(row)}\n${formatDateTime(row.eventTime, units)}`,
              },
            ]
          : [];
      }),
    );
  }, [rows, showMarkers, view, columns, units, markedEvents, eventPositions]);

  const load = (query: ReportQuery) =>
    start(
      (signal, onProgress) =>
        dataProvider.getReport<Row>(
          ENDPOINT[view],
          { ...query, daily, eventTypes },
          signal,
          onProgress,
        ),
      (result) => {
        if (view === 'events') {
          (result as ReportEvent[]).forEach((row) => {
            row.deviceName = names.get(row.deviceId) ?? String(row.deviceId);
          });
        }
        setRows(result);
      },
      () => setRows(null),
    );

  const doExport = (query: ReportQuery) =>
    runExport(ENDPOINT[view], { ...query, daily, eventTypes });

  const segment = useMutation({
    mutationFn: ({ query }: { query: ReportQuery; markers: ReportMarker[] }) =>
      dataProvider.getReport<Position>('route', query),
    onSuccess: (positions, { markers }) => routeStore.showRoute(positions, markers),
    onError: (reason) =>
      notify('reports.failed', {
        type: 'error',
        messageArgs: { error: reason instanceof Error ? reason.message : String(reason) },
      }),
  });

  /** Trips and stops open their segment of the route on the map. */
  const openSegment =
    view === 'travels' || view === 'stops'
      ? (row: Row) => {
          const item = row as TripItem | StopItem;
          const query: ReportQuery = {
            deviceIds: [item.deviceId],
            groupIds: [],
            from: new Date(item.startTime),
            to: new Date(item.endTime),
          };
          const markers: ReportMarker[] =
            view === 'travels'
              ? tripMarkers([item as TripItem])
              : [
                  {
                    lat: (item as StopItem).latitude,
                    lon: (item as StopItem).longitude,
                    kind: 'stop',
                    label: `${item.deviceName}\n${formatDuration((item as StopItem).duration)}`,
                  },
                ];
          segment.mutate({ query, markers });
        }
      : undefined;

  return (
    <ReportPanel
      title={`${translate('reports.title')}: ${translate(`reports.views.${view}`)}`}
      backTo="/reports"
      testId={`report-${view}`}
    >
      <ReportFilter
        busy={busy}
        exporting={exporting}
        onLoad={load}
        onExport={doExport}
        extraActions={(build) => (
          <ReportMoreActions
            endpoint={ENDPOINT[view]}
            build={build}
            extra={{ daily, eventTypes }}
            schedule={ENDPOINT[view] as SchedulableType}
          />
        )}
      >
        {view === 'resume' ? (
          <ReportSwitch
            label={translate('reports.filter.daily')}
            checked={daily}
            onChange={setDaily}
          />
        ) : (
          <>
            {view === 'events' && <EventTypeSelect value={eventTypes} onChange={setEventTypes} />}
            <ReportSwitch
              label={translate('reports.filter.showMarkers')}
              checked={showMarkers}
              onChange={setShowMarkers}
            />
          </>
        )}
      </ReportFilter>
      {progress && <ReportProgress kind="rows" progress={progress} onCancel={cancel} />}
      {exportProgress && (
        <ReportProgress kind="export" progress={exportProgress} onCancel={cancelExport} />
      )}
      <ReportStatus error={error} empty={rows?.length === 0} emptyKey="reports.noData" />
      {rows && rows.length > 0 && (
        <CountedReportTable
          rows={rows}
          columns={columns}
          label={translate(`reports.views.${view}`)}
          onRowClick={openSegment}
          rowTitle={openSegment ? translate('reports.showOnMap') : undefined}
          choice={COLUMN_CHOICES[view]}
        />
      )}
    </ReportPanel>
  );
};
