import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { Position } from '../../model/position';
import { decimateColumns } from './decimate';
import { formatDateTime, formatPlace, formatSpeed } from './format';
import { getRouteShownAt, type ReportMarker, routeColumns, useRouteState } from './routeStore';
import { useReportUnits } from './useReportUnits';

/** Cap on clickable point markers; the line itself always shows the whole route. */
const MAX_POINT_MARKERS = 5_000;

const MARKER_STYLE: Record<ReportMarker['kind'], L.CircleMarkerOptions> = {
  start: { radius: 8, color: '#fff', weight: 2, fillColor: '#2e7d32', fillOpacity: 1 },
  end: { radius: 8, color: '#fff', weight: 2, fillColor: '#c62828', fillOpacity: 1 },
  stop: { radius: 7, color: '#fff', weight: 2, fillColor: '#ef6c00', fillOpacity: 1 },
  event: { radius: 6, color: '#fff', weight: 2, fillColor: '#6a1b9a', fillOpacity: 1 },
};

/** A text-only tooltip (labels may hold user data: device names, addresses). */
const textElement = (text: string): HTMLElement => {
  const element = document.createElement('div');
  element.style.whiteSpace = 'pre-line';
  element.textContent = text;
  return element;
};

/**
 * The report layer of the live map: the route as one canvas polyline (decimated above 5,000
 * fixes), optional canvas point markers, report markers (start, end, stops, events) and the
 * playback cursor.
 */
export const RouteLayer = () => {
  const map = useMap();
  const units = useReportUnits();
  const { positions, showPoints, markers, cursor, fit, inset, bottomInset } = useRouteState();
  const renderer = useMemo(() => L.canvas({ padding: 0.5 }), []);
  // Typed columns, read in place by the decimation: no array of pairs for the whole route.
  const line = useMemo(() => decimateColumns(routeColumns(positions)), [positions]);
  /** A point's popup: time, speed in the user's unit, address or coordinates. */
  const text = (position: Position) =>
    [
      formatDateTime(position.fixTime, units),
      formatSpeed(position.speed, units),
      formatPlace(position.address, position.latitude, position.longitude),
    ].join('\n');
  const describe = useRef(text);
  describe.current = text;

  useEffect(() => {
    if (line.length < 2) return undefined;
    const layer = L.polyline(line, {
      renderer,
      color: '#1565c0',
      weight: 4,
      opacity: 0.85,
      interactive: false,
      smoothFactor: 1,
    }).addTo(map);
    const container = map.getContainer();
    container.setAttribute('data-route-points', String(positions.length));
    container.setAttribute('data-route-shown-at', String(getRouteShownAt()));
    // For the bench: the canvas renderer draws the line in its next animation frame; this frame
    // callback runs in that same frame, just after it.
    const painted = requestAnimationFrame(() =>
      container.setAttribute('data-route-painted-at', String(performance.now())),
    );
    // Where the route is on screen (container pixels: left, top, right, bottom), kept as the map
    // moves: the e2e tests check that a phone's sheet leaves it in view.
    const bounds = layer.getBounds();
    const markBox = () => {
      const topLeft = map.latLngToContainerPoint(bounds.getNorthWest());
      const bottomRight = map.latLngToContainerPoint(bounds.getSouthEast());
      const box = [topLeft.x, topLeft.y, bottomRight.x, bottomRight.y].map(Math.round);
      container.setAttribute('data-route-box', box.join(','));
    };
    markBox();
    map.on('moveend zoomend resize', markBox);
    return () => {
      cancelAnimationFrame(painted);
      map.off('moveend zoomend resize', markBox);
      layer.remove();
      container.removeAttribute('data-route-points');
      container.removeAttribute('data-route-shown-at');
      container.removeAttribute('data-route-painted-at');
      container.removeAttribute('data-route-box');
    };
  }, [map, renderer, line, positions.length]);

  useEffect(() => {
    if (!showPoints || positions.length === 0) return undefined;
    const group = L.layerGroup().addTo(map);
    const step = Math.max(1, Math.ceil(positions.length / MAX_POINT_MARKERS));
    for (let index = 0; index < positions.length; index += step) {
      const position = positions[index];
      const marker = L.circleMarker([position.latitude, position.longitude], {
        renderer,
        radius: 4,
        color: '#0d47a1',
        weight: 1,
        fillColor: '#90caf9',
        fillOpacity: 1,
      });
      marker.bindPopup(() => textElement(describe.current(position)));
      group.addLayer(marker);
    }
    return () => {
      group.remove();
    };
  }, [map, renderer, positions, showPoints]);

  useEffect(() => {
    if (markers.length === 0) return undefined;
    const group = L.layerGroup().addTo(map);
    markers.forEach((item) => {
      L.circleMarker([item.lat, item.lon], { renderer, ...MARKER_STYLE[item.kind] })
        .bindTooltip(textElement(item.label))
        .addTo(group);
    });
    return () => {
      group.remove();
    };
  }, [map, renderer, markers]);

  const cursorMarker = useRef<L.CircleMarker | null>(null);
  useEffect(() => {
    const position = cursor == null ? undefined : positions[cursor];
    if (!position) {
      cursorMarker.current?.remove();
      cursorMarker.current = null;
      map.getContainer().removeAttribute('data-route-cursor');
      return;
    }
    const latLng: L.LatLngExpression = [position.latitude, position.longitude];
    if (!cursorMarker.current) {
      cursorMarker.current = L.circleMarker(latLng, {
        renderer,
        radius: 9,
        color: '#fff',
        weight: 3,
        fillColor: '#1565c0',
        fillOpacity: 1,
      }).addTo(map);
    } else {
      cursorMarker.current.setLatLng(latLng);
    }
    map.getContainer().setAttribute('data-route-cursor', String(cursor));
  }, [map, renderer, positions, cursor]);
  useEffect(
    () => () => {
      cursorMarker.current?.remove();
      cursorMarker.current = null;
    },
    [],
  );

  useEffect(() => {
    if (fit === 0) return;
    const points: L.LatLngExpression[] = line.length
      ? line
      : markers.map((item) => [item.lat, item.lon] as [number, number]);
    if (points.length === 0) return;
    const bounds = L.latLngBounds(points);
    if (!bounds.isValid()) return;
    // Keep the route clear of the report panel when the map is wide enough to, and above a
    // phone's sheet when the map is tall enough to.
    const { x: width, y: height } = map.getSize();
    const left = inset && width - inset > 240 ? inset + 40 : 40;
    const bottom = bottomInset && height - bottomInset > 160 ? bottomInset + 24 : 40;
    map.fitBounds(bounds, {
      paddingTopLeft: [left, bottomInset ? 24 : 40],
      paddingBottomRight: [40, bottom],
      maxZoom: 17,
    });
    // Only a new `fit` request moves the map, not every change of line or markers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, fit]);

  return null;
};
