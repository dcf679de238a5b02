import { Polyline } from 'react-leaflet';
import { useMapUi } from './mapUi';

/** The trailed device's fixes since the trail was switched on (bounded, see mapUi). */
export const TrailLayer = () => {
  const { trailId, trail } = useMapUi();
  if (!trailId || trail.length < 2) return null;
  return (
    <Polyline
      positions={trail as [number, number][]}
      pathOptions={{ color: '#ff6f00', weight: 3 }}
    />
  );
};
