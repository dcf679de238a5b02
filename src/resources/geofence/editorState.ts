import type { GeofenceShape, LatLng } from '../../map/geofenceArea';

/**
 * Drawing a geofence on the map: off, then enabled with a shape
 * type. A circle goes centre set (state 2) → radius completed (state 3); a polygon or line
 * collects points. 'Concluir' keeps the drawn shape, cancel drops it; both switch editing off.
 * After a save or delete everything resets. Pure, so the map only renders what it says.
 */
export type ShapeType = 'circle' | 'polygon' | 'polyline';

export type EditorState =
  | { mode: 'off'; shape: GeofenceShape | null }
  /** Enabled, nothing drawn yet (state 1 for a circle). */
  | {
      mode: 'drawing';
      type: ShapeType;
      points: LatLng[];
      cursor: LatLng | null;
      shape: GeofenceShape | null;
    }
  /** Circle: centre set, the pointer sizes the radius (state 2). */
  | { mode: 'circleCentre'; center: LatLng; cursor: LatLng | null; shape: GeofenceShape | null }
  /** Circle: radius completed (state 3), waiting for 'Concluir' or cancel. */
  | { mode: 'circleDone'; center: LatLng; radius: number; shape: GeofenceShape | null };

export type EditorEvent =
  | { type: 'enable'; shape: ShapeType }
  | { type: 'click'; at: LatLng }
  | { type: 'move'; at: LatLng }
  | { type: 'finish' }
  | { type: 'cancel' }
  | { type: 'load'; shape: GeofenceShape | null }
  | { type: 'reset' };

/** The circle editor's state number (0 when off). */
export const circleStep = (state: EditorState): 0 | 1 | 2 | 3 => {
  if (state.mode === 'circleCentre') return 2;
  if (state.mode === 'circleDone') return 3;
  if (state.mode === 'drawing' && state.type === 'circle') return 1;
  return 0;
};

const EARTH_RADIUS = 6378137; // metres, as the server measures (`docs/traccar-api.md`)
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Haversine distance in metres. */
export const distance = ([lat1, lon1]: LatLng, [lat2, lon2]: LatLng): number => {
  const a =
    Math.sin(rad(lat2 - lat1) / 2) ** 2 +
    Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(rad(lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(a)));
};

const MIN_POINTS: Record<Exclude<ShapeType, 'circle'>, number> = { polygon: 3, polyline: 2 };

/** The shape drawn so far, if it is complete enough to keep. */
export const drawnShape = (state: EditorState): GeofenceShape | null => {
  if (state.mode === 'circleDone') {
    return { type: 'circle', center: state.center, radius: state.radius };
  }
  if (state.mode === 'drawing' && state.type !== 'circle') {
    if (state.points.length < MIN_POINTS[state.type]) return null;
    return state.type === 'polygon'
      ? { type: 'polygon', points: state.points }
      : { type: 'polyline', points: state.points };
  }
  return null;
};

export const initialEditorState = (shape: GeofenceShape | null = null): EditorState => ({
  mode: 'off',
  shape,
});

export const editorReducer = (state: EditorState, event: EditorEvent): EditorState => {
  switch (event.type) {
    case 'enable':
      return { mode: 'drawing', type: event.shape, points: [], cursor: null, shape: state.shape };
    case 'load':
    case 'reset':
      return initialEditorState(event.type === 'load' ? event.shape : null);
    case 'cancel':
      return initialEditorState(state.shape);
    case 'finish': {
      const shape = drawnShape(state);
      return shape ? initialEditorState(shape) : state;
    }
    case 'move':
      if (state.mode === 'drawing' || state.mode === 'circleCentre') {
        return { ...state, cursor: event.at };
      }
      return state;
    case 'click':
      if (state.mode === 'drawing' && state.type === 'circle') {
        return { mode: 'circleCentre', center: event.at, cursor: event.at, shape: state.shape };
      }
      if (state.mode === 'drawing') return { ...state, points: [...state.points, event.at] };
      if (state.mode === 'circleCentre') {
        const radius = distance(state.center, event.at);
        if (radius < 1) return state;
        return { mode: 'circleDone', center: state.center, radius, shape: state.shape };
      }
      return state;
  }
};
