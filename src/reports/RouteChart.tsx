import 'uplot/dist/uPlot.min.css';
import { Box } from '@mui/material';
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import type { SpeedUnit } from '../i18n/units';
import type { Position } from '../../model/position';
import { chartColumn } from './chartSeries';
import { routeTimes } from './routeStore';

interface RouteChartProps {
  positions: readonly Position[];
  seriesKey: string;
  label: string;
  speedUnit: SpeedUnit;
  locale: string;
  /** The user's zone: axis labels and tick placement follow it, like the tables. */
  timeZone: string;
  /** The playback / map cursor (a position index). */
  cursor: number | null;
  /** Hovering the chart moves the map cursor. */
  onHover: (index: number) => void;
}

const HEIGHT = 150;

/** One series over fix time (uPlot: canvas, fast for 100,000 points), linked to the map cursor. */
export const RouteChart = ({
  positions,
  seriesKey,
  label,
  speedUnit,
  locale,
  timeZone,
  cursor,
  onHover,
}: RouteChartProps) => {
  const container = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const hover = useRef(onHover);
  hover.current = onHover;

  // Fix times are parsed once per route (shared with playback); x in seconds, y one typed pass.
  const xs = useMemo(() => routeTimes(positions).map((time) => time / 1000), [positions]);
  const data = useMemo(
    (): uPlot.AlignedData => [xs, chartColumn(positions, seriesKey, speedUnit)],
    [xs, positions, seriesKey, speedUnit],
  );

  useEffect(() => {
    const element = container.current;
    if (!element) return undefined;
    const xs = data[0] as Float64Array;
    const span = xs.length ? xs[xs.length - 1] - xs[0] : 0;
    const time = new Intl.DateTimeFormat(
      locale,
      span > 86_400
        ? { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit', timeZone }
        : { hour: '2-digit', minute: '2-digit', timeZone },
    );
    const options: uPlot.Options = {
      width: Math.max(200, element.clientWidth),
      height: HEIGHT,
      legend: { show: false },
      scales: { x: { time: true } },
      tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), timeZone),
      axes: [
        {
          values: (_, splits) => splits.map((value) => time.format(new Date(value * 1000))),
          space: span > 86_400 ? 110 : 60,
          size: 30,
        },
        { size: 50 },
      ],
      series: [
        {},
        { label, stroke: '#1565c0', width: 1.5, spanGaps: true, points: { show: false } },
      ],
      cursor: { drag: { x: false, y: false }, points: { size: 7 } },
      hooks: {
        setCursor: [
          (chart) => {
            const index = chart.cursor.idx;
            if (index != null && chart.cursor.event) hover.current(index);
          },
        ],
      },
    };
    const chart = new uPlot(options, data, element);
    plot.current = chart;
    const resize = new ResizeObserver(() =>
      chart.setSize({ width: Math.max(200, element.clientWidth), height: HEIGHT }),
    );
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
      plot.current = null;
    };
  }, [data, label, locale, timeZone]);

  // The cursor coming from playback or the map moves the chart's cursor.
  useEffect(() => {
    const chart = plot.current;
    if (!chart || cursor == null || cursor >= positions.length) return;
    const x = (data[0] as Float64Array)[cursor];
    const left = chart.valToPos(x, 'x');
    const y = data[1][cursor];
    const top = y == null ? 0 : chart.valToPos(y as number, 'y');
    chart.setCursor({ left, top }, false);
  }, [cursor, data, positions.length]);

  return (
    <Box
      ref={container}
      data-testid="route-chart"
      sx={{ width: '100%', minHeight: HEIGHT, overflow: 'hidden' }}
    />
  );
};
