import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useMap } from 'react-leaflet';
import { useNavigate } from 'react-router-dom';
import { useDeviceView } from '../devices/DeviceViewContext';
import { useMarkerPrefs } from '../devices/usePrefs';
import { liveStore } from '../live/liveStore';
import { mapUi } from './mapUi';
import { type Hit, MarkerLayer } from './markers/MarkerLayer';
import { MarkerTooltip } from './MarkerTooltip';

/** Runs `callback` once the next frame has been painted; returns a cancel function. */
const afterNextPaint = (callback: () => void): (() => void) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
};

/** Bridges React (filters, prefs, selection) to the canvas marker layer; draws no DOM per device. */
export const LiveMarkers = ({ selectedId }: { selectedId: number | null }) => {
  const map = useMap();
  const navigate = useNavigate();
  const translate = useTranslate();
  const view = useDeviceView();
  const [prefs] = useMarkerPrefs();
  const [hover, setHover] = useState<Hit | null>(null);
  const layerRef = useRef<MarkerLayer | null>(null);
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;

  const layer = useMemo(
    () =>
      new MarkerLayer({
        onHover: setHover,
        onClick: (hit) => {
          if (hit.kind === 'marker') {
            navigateRef.current(`/devices/${hit.id}`);
            mapUi.zoomTo(hit.id);
          } else {
            const zoom = layerRef.current?.clusterExpansionZoom(hit.clusterId) ?? map.getZoom() + 2;
            map.flyTo([hit.lat, hit.lng], zoom);
          }
        },
      }),
    [map],
  );
  layerRef.current = layer;

  useEffect(() => {
    layer.addTo(map);
    const unsubscribe = liveStore.subscribe(({ positions, devices }) => {
      if (!positions.size && !devices.size) return;
      const state = liveStore.getState();
      layer.update(new Set([...positions, ...devices]), state.devices, state.positions);
    });
    return () => {
      unsubscribe();
      layer.remove();
    };
  }, [map, layer]);

  const plateMissing = translate('map.plateMissing');
  // The list paints a search keystroke first; the markers follow a frame later, so the canvas
  // redraw of a changed fleet never lands in the same frame as the keystroke.
  useEffect(
    () =>
      afterNextPaint(() => {
        const { devices, positions } = liveStore.getState();
        layer.setData({ devices, positions, ids: view.ids, prefs, selectedId, plateMissing });
      }),
    [layer, view, prefs, selectedId, plateMissing],
  );

  return hover ? <MarkerTooltip hit={hover} layer={layer} /> : null;
};
