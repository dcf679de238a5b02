import L from 'leaflet';
import { useEffect, useMemo } from 'react';
import { useMap } from 'react-leaflet';
import { decimateRoute } from './decimate';
import { useCombinedLines } from './combinedStore';
import { useRouteState } from './routeStore';

/** One colour per device, repeating past the palette. */
const COLORS = ['#1565c0', '#2e7d32', '#c62828', '#6a1b9a', '#ef6c00', '#00838f', '#4e342e'];

/** The combined report's routes, each device in its colour, fitted into view when they arrive. */
export const CombinedRouteLayer = () => {
  const map = useMap();
  const lines = useCombinedLines();
  const { inset } = useRouteState();
  const renderer = useMemo(() => L.canvas({ padding: 0.5 }), []);

  useEffect(() => {
    if (lines.length === 0) return undefined;
    const group = L.layerGroup().addTo(map);
    const all: L.LatLngExpression[] = [];
    lines.forEach((line, index) => {
      const points = decimateRoute(line);
      all.push(...points);
      if (points.length < 2) return;
      L.polyline(points, {
        renderer,
        color: COLORS[index % COLORS.length],
        weight: 4,
        opacity: 0.85,
        interactive: false,
      }).addTo(group);
    });
    map.getContainer().setAttribute('data-combined-lines', String(lines.length));
    const bounds = L.latLngBounds(all);
    if (bounds.isValid()) {
      const width = map.getSize().x;
      const left = inset && width - inset > 240 ? inset + 40 : 40;
      map.fitBounds(bounds, {
        paddingTopLeft: [left, 40],
        paddingBottomRight: [40, 40],
        maxZoom: 17,
      });
    }
    return () => {
      group.remove();
      map.getContainer().removeAttribute('data-combined-lines');
    };
    // The inset only matters when new lines are fitted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, renderer, lines]);

  return null;
};
