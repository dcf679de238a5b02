import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useMap } from 'react-leaflet';
import { useNavigate } from 'react-router-dom';
import { useDeviceView } from '../DeviceViewContext';
import { useMarkerPrefs } from '../usePrefs';
import { afterNextPaint } from '../../common/afterNextPaint';
import { liveStore } from '../../live/liveStore';
import { mapUi } from '../../map/mapUi';
import type { MarkerPrefs } from '../../map/markers/labels';
import { type Hit, MarkerLayer } from '../../map/markers/MarkerLayer';
import { MarkerTooltip } from '../../map/MarkerTooltip';

interface MarkerViewProps {
  layer: MarkerLayer;
  prefs: MarkerPrefs;
  selectedId: number | null;
  plateMissing: string;
}

/**
 * Hands the filtered view to the layer: the only part of the map a search keystroke re-renders.
 * The list paints the keystroke first; the markers follow a frame later, so the canvas redraw of
 * a changed fleet never lands in the same frame as the keystroke.
 */
const MarkerView = ({ layer, prefs, selectedId, plateMissing }: MarkerViewProps) => {
  const view = useDeviceView();
  useEffect(
    () =>
      afterNextPaint(() => {
        const { devices, positions } = liveStore.getState();
        layer.setData({ devices, positions, ids: view.ids, prefs, selectedId, plateMissing });
      }),
    [layer, view, prefs, selectedId, plateMissing],
  );
  return null;
};

/** Bridges React (filters, prefs, selection) to the canvas marker layer; draws no DOM per device. */
export const LiveMarkers = ({ selectedId }: { selectedId: number | null }) => {
  const map = useMap();
  const navigate = useNavigate();
  const translate = useTranslate();
  const [prefs] = useMarkerPrefs();
  const [hover, setHover] = useState<Hit | null>(null);
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
            map.flyTo([hit.lat, hit.lng], hit.expansionZoom);
          }
        },
      }),
    [map],
  );

  useEffect(() => {
    layer.addTo(map);
    const unsubscribe = liveStore.subscribe((changes) => {
      if (!changes.positions.size && !changes.devices.size) return;
      const state = liveStore.getState();
      layer.update(changes, state.devices, state.positions);
    });
    return () => {
      unsubscribe();
      layer.remove();
    };
  }, [map, layer]);

  return (
    <>
      <MarkerView
        layer={layer}
        prefs={prefs}
        selectedId={selectedId}
        plateMissing={translate('map.plateMissing')}
      />
      {hover && <MarkerTooltip hit={hover} layer={layer} />}
    </>
  );
};
