import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { mapUi } from './mapUi';

/**
 * Lets panels (zoom, follow) reach the one map instance, and writes the view centre on the map
 * container (`data-center="lat,lng"`) so tests and tools can see where the map is looking.
 */
export const MapBinding = () => {
  const map = useMap();
  useEffect(() => {
    mapUi.setMap(map);
    const mark = () => {
      const center = map.getCenter();
      map
        .getContainer()
        .setAttribute('data-center', `${center.lat.toFixed(6)},${center.lng.toFixed(6)}`);
    };
    mark();
    map.on('moveend', mark);
    return () => {
      map.off('moveend', mark);
      mapUi.setMap(null);
    };
  }, [map]);
  return null;
};
