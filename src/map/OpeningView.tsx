import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { liveStore } from '../live/liveStore';
import { mapUi } from './mapUi';

/**
 * Where the map looks once the fleet's positions are in, once per visit to the map (not after
 * the user has dragged or zoomed it): on the device the page opened with (a reload, a link, a
 * notification), as the official Traccar app does; else, with `framesFleet` (no saved position
 * to open at; see `opensOnFleet`), on the whole fleet.
 */
export const OpeningView = ({
  framesFleet,
  deviceId,
}: {
  framesFleet: boolean;
  deviceId: number | null;
}) => {
  const map = useMap();
  useEffect(() => {
    if (!framesFleet && deviceId === null) return;
    let done = false;
    const stop = () => {
      done = true;
    };
    // A user who moves the map first has chosen where to look.
    map.on('dragstart zoomstart', stop);
    const look = () => {
      const { positions, synced } = liveStore.getState();
      if (done || !synced) return;
      done = true;
      map.off('dragstart zoomstart', stop);
      if (deviceId !== null) mapUi.zoomTo(deviceId, 16, true);
      else mapUi.frame(positions.values());
    };
    // In a task of its own: the store's flush that brings a big fleet is long enough already.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const later = () => {
      clearTimeout(timer);
      timer = setTimeout(look, 0);
    };
    look();
    const unsubscribe = liveStore.subscribe(later);
    return () => {
      clearTimeout(timer);
      unsubscribe();
      map.off('dragstart zoomstart', stop);
    };
    // Only how the visit began matters: a device opened later is brought into view by whoever
    // opened it (the list, a marker).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);
  return null;
};
