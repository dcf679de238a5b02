import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { liveStore } from '../live/liveStore';
import { mapUi } from './mapUi';

/**
 * Frames the fleet once its positions are in (`enabled`: the map has no saved position to open
 * at; see `opensOnFleet`). Once per visit to the map: not after the user has dragged or zoomed
 * it, nor when a device is already open (its panel shows that device).
 */
export const FleetFraming = ({
  enabled,
  deviceOpen,
}: {
  enabled: boolean;
  deviceOpen: boolean;
}) => {
  const map = useMap();
  useEffect(() => {
    if (!enabled || deviceOpen) return;
    let done = false;
    const stop = () => {
      done = true;
    };
    // A user who moves the map first has chosen where to look.
    map.on('dragstart zoomstart', stop);
    const frame = () => {
      const { positions, synced } = liveStore.getState();
      if (done || !synced) return;
      done = true;
      map.off('dragstart zoomstart', stop);
      const points: [number, number][] = [];
      for (const { latitude, longitude } of positions.values()) {
        if (Number.isFinite(latitude) && Number.isFinite(longitude)) {
          points.push([latitude, longitude]);
        }
      }
      mapUi.frame(points);
    };
    frame();
    const unsubscribe = liveStore.subscribe(frame);
    return () => {
      unsubscribe();
      map.off('dragstart zoomstart', stop);
    };
    // Only the first visit's state matters: opening a device later must not re-frame.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, enabled]);
  return null;
};
