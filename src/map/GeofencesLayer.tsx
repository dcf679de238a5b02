import { Circle, Polygon, Polyline, Tooltip } from 'react-leaflet';
import { useGeofences } from '../live/useReferenceData';
import type { Geofence } from '../../model/geofence';
import { parseGeofenceArea } from './geofenceArea';

const NORMAL = { color: '#1976d2', weight: 2, fillOpacity: 0.1 };
/** Anchors stand out: red and dashed. */
const ANCHOR = { color: '#d32f2f', weight: 2, dashArray: '6 4', fillOpacity: 0.08 };

const isAnchor = (geofence: Geofence) =>
  geofence.attributes?.isAnchor === true || geofence.attributes?.isAnchor === 'true';

const GeofenceShape = ({ geofence }: { geofence: Geofence }) => {
  const shape = parseGeofenceArea(geofence.area);
  if (!shape) return null;
  const style = isAnchor(geofence) ? ANCHOR : NORMAL;
  const label = <Tooltip sticky>{geofence.name}</Tooltip>;
  if (shape.type === 'circle') {
    return (
      <Circle center={shape.center} radius={shape.radius} pathOptions={style}>
        {label}
      </Circle>
    );
  }
  if (shape.type === 'polygon') {
    return (
      <Polygon positions={shape.points} pathOptions={style}>
        {label}
      </Polygon>
    );
  }
  return (
    <Polyline positions={shape.points} pathOptions={{ ...style, fill: false }}>
      {label}
    </Polyline>
  );
};

/** The user's geofences, drawn from their area text (latitude first). */
export const GeofencesLayer = () => {
  const geofences = useGeofences();
  return (
    <>
      {geofences.map((geofence) => (
        <GeofenceShape key={geofence.id} geofence={geofence} />
      ))}
    </>
  );
};
