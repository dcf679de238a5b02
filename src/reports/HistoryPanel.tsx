import { Box, MenuItem, TextField } from '@mui/material';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { Position } from '../../model/position';
import { afterNextPaint } from '../common/afterNextPaint';
import type { FrotaDataProvider } from '../dataProvider';
import type { ReportQuery } from '../dataProvider/reports';
import { chartKeys } from './chartSeries';
import type { StopItem } from './columns';
import { formatDateTime, formatDuration, formatPlace, formatSpeed, SPEED_LABEL } from './format';
import { PlaybackBar } from './PlaybackBar';
import { ReportProgress } from './ReportProgress';
import { ReportStatus } from './ReportStatus';
import { ReportFilter } from './ReportFilter';
import { ReportMoreActions } from './ReportMoreActions';
import { ReportSwitch } from './ReportSwitch';
import { useReportExport } from './useReportExport';
import { useReportRequest } from './useReportRequest';
import { ReportPanel, useReportSheet } from './ReportPanel';
import { type Column, ReportTable } from './ReportTable';
import { RouteChart } from './RouteChart';
import { RouteTools } from './RouteTools';
import { type ReportMarker, routeStore } from './routeStore';
import { usePlayback } from './usePlayback';
import { useReportUnits } from './useReportUnits';

const EMPTY: Position[] = [];

/** `/history` and `/reports/history`: one device's route on the map, playback, chart, points. */
export const HistoryPanel = ({ backTo }: { backTo?: string }) => {
  const translate = useTranslate();
  const units = useReportUnits();
  const dataProvider = useDataProvider<FrotaDataProvider>();
  const [positions, setPositions] = useState<Position[] | null>(null);
  const { busy, progress, error, start, stop, cancel } = useReportRequest();
  const { exporting, exportProgress, runExport, cancelExport } = useReportExport();
  const sheet = useReportSheet();
  const results = useRef<HTMLDivElement>(null);
  const [showPoints, setShowPoints] = useState(false);
  const [seriesKey, setSeriesKey] = useState('speed');
  const route = positions ?? EMPTY;
  const playback = usePlayback(route);

  useEffect(() => stop, [stop]);
  useEffect(() => routeStore.setShowPoints(showPoints), [showPoints]);
  useEffect(() => {
    if (route.length) routeStore.setCursor(playback.index);
  }, [route.length, playback.index]);

  // On a phone the sheet scrolls to the chart once the route is in: the filter above it has done
  // its work, and the map above the sheet shows the route.
  useEffect(() => {
    if (sheet && route.length > 0) results.current?.scrollIntoView({ block: 'start' });
  }, [sheet, route]);

  const keys = useMemo(() => chartKeys(route), [route]);
  const keyLabel = (key: string) => {
    if (key === 'speed')
      return `${translate('reports.columns.speed')} (${SPEED_LABEL[units.speed]})`;
    if (key.startsWith('attributes.')) {
      const name = key.slice('attributes.'.length);
      return translate(`attributes.${name}`, { _: name });
    }
    return translate(`reports.history.${key}`, { _: key });
  };

  // The period on screen, for the export and delete tools.
  const [shown, setShown] = useState<ReportQuery | null>(null);
  const load = (query: ReportQuery) => {
    setShown(query);
    return start(
      (signal, onProgress) =>
        Promise.all([
          dataProvider.getReport<Position>('route', query, signal, onProgress),
          dataProvider.getReport<StopItem>('stops', query, signal).catch(() => [] as StopItem[]),
        ]),
      ([points, stops], signal) => {
        if (points.length === 0) {
          setPositions(points);
          return;
        }
        const first = points[0];
        const last = points[points.length - 1];
        const markers: ReportMarker[] = [
          ...stops.map((stop) => ({
            lat: stop.latitude,
            lon: stop.longitude,
            kind: 'stop' as const,
            label: `${translate('reports.history.stop')} ${formatDuration(stop.duration)}\n${formatDateTime(stop.startTime, units)}\n${formatPlace(stop.address, stop.latitude, stop.longitude)}`,
          })),
          {
            lat: first.latitude,
            lon: first.longitude,
            kind: 'start',
            label: `${translate('reports.history.start')}\n${formatDateTime(first.fixTime, units)}`,
          },
          {
            lat: last.latitude,
            lon: last.longitude,
            kind: 'end',
            label: `${translate('reports.history.end')}\n${formatDateTime(last.fixTime, units)}`,
          },
        ];
        // The map line first; the chart, the points table and playback (which parse every fix
        // time and draw 100,000 samples) mount once that frame is painted, as a transition.
        routeStore.showRoute(points, markers);
        afterNextPaint(() => {
          if (signal.aborted) return;
          startTransition(() => setPositions(points));
        });
      },
      () => setPositions(null),
    );
  };

  const doExport = (query: ReportQuery) => runExport('route', query);

  const columns = useMemo(
    (): Column<Position>[] => [
      {
        key: 'time',
        label: translate('reports.columns.time'),
        width: 150,
        value: (row) => formatDateTime(row.fixTime, units),
      },
      {
        key: 'speed',
        label: translate('reports.columns.speed'),
        width: 90,
        align: 'right',
        value: (row) => formatSpeed(row.speed, units),
      },
      {
        key: 'address',
        label: translate('reports.columns.address'),
        width: 220,
        value: (row) => formatPlace(row.address, row.latitude, row.longitude),
      },
    ],
    [translate, units],
  );

  const current = route[playback.index];
  const caption = current
    ? `${formatDateTime(current.fixTime, units)} · ${formatSpeed(current.speed, units)} · ${translate('reports.history.points', { smart_count: route.length })}`
    : '';
  const bar = route.length > 0 ? <PlaybackBar playback={playback} caption={caption} /> : null;

  return (
    <ReportPanel
      title={translate('reports.views.history')}
      backTo={backTo}
      testId="report-history"
      width={560}
      peek={bar}
    >
      <ReportFilter
        single
        busy={busy}
        exporting={exporting}
        onLoad={load}
        onExport={doExport}
        extraActions={(build) => (
          <ReportMoreActions endpoint="route" build={build} schedule="route" />
        )}
      >
        <ReportSwitch
          label={translate('reports.filter.showMarkers')}
          checked={showPoints}
          onChange={setShowPoints}
        />
      </ReportFilter>
      {progress && <ReportProgress kind="route" progress={progress} onCancel={cancel} />}
      {exportProgress && (
        <ReportProgress kind="export" progress={exportProgress} onCancel={cancelExport} />
      )}
      <ReportStatus error={error} empty={positions?.length === 0} emptyKey="reports.noRoute" />
      {route.length > 0 && shown && shown.deviceIds.length === 1 && (
        <RouteTools
          range={{ deviceId: shown.deviceIds[0], from: shown.from, to: shown.to }}
          current={current}
          count={route.length}
          onDeleted={() => load(shown)}
        />
      )}
      {route.length > 0 && (
        <>
          {/* In a phone's sheet the playback sits under its header instead. */}
          {!sheet && bar}
          <Box
            ref={results}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: 1.5,
              pt: 1,
              scrollMarginTop: 8,
            }}
          >
            <TextField
              select
              size="small"
              label={translate('reports.history.series')}
              value={keys.includes(seriesKey) ? seriesKey : 'speed'}
              onChange={(event) => setSeriesKey(event.target.value)}
              sx={{ minWidth: 200 }}
            >
              {keys.map((key) => (
                <MenuItem key={key} value={key}>
                  {keyLabel(key)}
                </MenuItem>
              ))}
            </TextField>
          </Box>
          <Box sx={{ px: 1 }}>
            <RouteChart
              positions={route}
              seriesKey={keys.includes(seriesKey) ? seriesKey : 'speed'}
              label={keyLabel(seriesKey)}
              speedUnit={units.speed}
              locale={units.locale}
              timeZone={units.timeZone}
              cursor={playback.index}
              onHover={(index) => {
                if (!playback.playing) playback.seekIndex(index);
              }}
            />
          </Box>
          <ReportTable
            rows={route}
            columns={columns}
            label={translate('reports.views.history')}
            onRowClick={(_, index) => playback.seekIndex(index)}
          />
        </>
      )}
    </ReportPanel>
  );
};
