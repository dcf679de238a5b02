import { Box, FormHelperText } from '@mui/material';
import type { LeafletMouseEvent } from 'leaflet';
import { useEffect, useMemo, useReducer, useRef } from 'react';
import { Circle, CircleMarker, MapContainer, Polygon, Polyline, useMapEvents } from 'react-leaflet';
import { useInput, usePermissions, ValidationError } from 'react-admin';
import { useServerInfo } from '../../bootstrap/ServerInfoContext';
import { BaseLayer } from '../../map/BaseLayer';
import {
  areaText,
  parseGeofenceArea,
  type GeofenceShape,
  type LatLng,
} from '../../map/geofenceArea';
import { initialView } from '../../map/initialView';
import { availableLayers, chooseLayer } from '../../map/tileLayers';
import type { User } from '../../../model/user';
import {
  distance,
  editorReducer,
  initialEditorState,
  type EditorEvent,
  type EditorState,
} from './editorState';
import { GeofenceEditBar } from './GeofenceEditBar';
import { LocalizedZoomControl } from '../../map/LocalizedZoomControl';

const ShapeView = ({ shape, color }: { shape: GeofenceShape; color: string }) => {
  if (shape.type === 'circle')
    return <Circle center={shape.center} radius={shape.radius} pathOptions={{ color }} />;
  if (shape.type === 'polygon') return <Polygon positions={shape.points} pathOptions={{ color }} />;
  return <Polyline positions={shape.points} pathOptions={{ color }} />;
};

const DRAW = '#e65100';

/** What is being drawn right now, following the pointer. */
const DraftView = ({ state }: { state: EditorState }) => {
  if (state.mode === 'circleCentre') {
    const radius = state.cursor ? distance(state.center, state.cursor) : 0;
    return (
      <>
        <CircleMarker center={state.center} radius={4} pathOptions={{ color: DRAW }} />
        {radius > 0 && (
          <Circle
            center={state.center}
            radius={radius}
            pathOptions={{ color: DRAW, dashArray: '4' }}
          />
        )}
      </>
    );
  }
  if (state.mode === 'circleDone') {
    return <Circle center={state.center} radius={state.radius} pathOptions={{ color: DRAW }} />;
  }
  if (state.mode === 'drawing' && state.points.length > 0) {
    const points: LatLng[] = state.cursor ? [...state.points, state.cursor] : state.points;
    return state.type === 'polygon' ? (
      <Polygon positions={points} pathOptions={{ color: DRAW, dashArray: '4' }} />
    ) : (
      <Polyline positions={points} pathOptions={{ color: DRAW, dashArray: '4' }} />
    );
  }
  return null;
};

const MapEvents = ({
  dispatch,
  active,
}: {
  dispatch: (event: EditorEvent) => void;
  active: boolean;
}) => {
  // A map panned past the antimeridian reports longitudes beyond ±180; areas keep them in range.
  const at = (event: LeafletMouseEvent): LatLng => {
    const point = event.latlng.wrap();
    return [point.lat, point.lng];
  };
  useMapEvents({
    click: (event) => active && dispatch({ type: 'click', at: at(event) }),
    mousemove: (event) => active && dispatch({ type: 'move', at: at(event) }),
  });
  return null;
};

const centreOf = (shape: GeofenceShape | null): LatLng | null =>
  shape ? (shape.type === 'circle' ? shape.center : shape.points[0]) : null;

/** `area` drawn on a map: pick a shape, click to draw, 'Concluir' writes the area text. */
export const GeofenceMapInput = () => {
  const { field, fieldState } = useInput({
    source: 'area',
    validate: (value) => (value ? undefined : 'admin.geofence.areaRequired'),
  });
  const saved = useMemo(() => parseGeofenceArea(field.value as string), [field.value]);
  const [state, dispatch] = useReducer(editorReducer, saved, initialEditorState);
  const { server } = useServerInfo();
  const { permissions: user } = usePermissions<User | null>();
  const layers = useMemo(() => availableLayers(server), [server]);
  const layer = chooseLayer(layers, user?.map, server.map);
  const start = useRef(initialView(user, server));
  const centre = centreOf(saved);

  // 'Concluir' leaves the finished shape in the state: that is the new area.
  useEffect(() => {
    if (state.mode === 'off' && state.shape && state.shape !== saved) {
      const text = areaText(state.shape);
      if (text !== field.value) field.onChange(text);
    }
  }, [state, saved, field]);

  return (
    <Box sx={{ width: '100%' }}>
      <GeofenceEditBar state={state} dispatch={dispatch} />
      <Box
        data-testid="geofence-map"
        sx={{ height: 420, width: '100%', cursor: state.mode === 'off' ? 'grab' : 'crosshair' }}
      >
        <MapContainer
          center={centre ?? start.current.center}
          zoom={centre ? 15 : start.current.zoom}
          style={{ height: '100%', width: '100%' }}
          doubleClickZoom={false}
          zoomControl={false}
        >
          <LocalizedZoomControl position="topleft" />
          <BaseLayer layer={layer} />
          <MapEvents dispatch={dispatch} active={state.mode !== 'off'} />
          {state.shape && state.mode === 'off' && <ShapeView shape={state.shape} color="#1976d2" />}
          {state.shape && state.mode !== 'off' && <ShapeView shape={state.shape} color="#90a4ae" />}
          <DraftView state={state} />
        </MapContainer>
      </Box>
      <FormHelperText error={Boolean(fieldState.error)} data-testid="geofence-area">
        {fieldState.error?.message ? (
          <ValidationError error={fieldState.error.message} />
        ) : (
          (field.value as string) || ' '
        )}
      </FormHelperText>
    </Box>
  );
};
