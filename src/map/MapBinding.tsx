import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { mapUi } from './mapUi';

/**
 * Lets panels (zoom, follow) reach the one map instance, and writes where the map is looking on
 * its container (`data-center="lat,lng"`: the middle of the part no side panel covers) so tests
 * and tools can see it.
 */
export const MapBinding = () => {
  const map = useMap();
  useEffect(() => {
    mapUi.setMap(map);
    mapUi.markCentre();
    map.on('moveend', mapUi.markCentre);
    return () => {
      map.off('moveend', mapUi.markCentre);
      mapUi.setMap(null);
    };
  }, [map]);
  return null;
};
