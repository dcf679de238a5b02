import {
  circleStep,
  distance,
  drawnShape,
  editorReducer,
  initialEditorState,
  type EditorEvent,
  type EditorState,
} from '../../../../../src/resources/geofence/editorState';
import { areaText, parseGeofenceArea } from '../../../../../src/map/geofenceArea';

const run = (events: EditorEvent[], from: EditorState = initialEditorState()) =>
  events.reduce(editorReducer, from);

describe('geofence editor state machine', () => {
  it('walks a circle through off → enabled → centre (2) → radius (3) → saved', () => {
    let state = initialEditorState();
    expect(circleStep(state)).toBe(0);
    state = editorReducer(state, { type: 'enable', shape: 'circle' });
    expect(circleStep(state)).toBe(1);
    state = editorReducer(state, { type: 'click', at: [-23.55, -46.63] });
    expect(circleStep(state)).toBe(2);
    state = editorReducer(state, { type: 'move', at: [-23.55, -46.62] });
    expect(circleStep(state)).toBe(2);
    state = editorReducer(state, { type: 'click', at: [-23.55, -46.62] });
    expect(circleStep(state)).toBe(3);
    expect(drawnShape(state)).toMatchObject({ type: 'circle', center: [-23.55, -46.63] });
    state = editorReducer(state, { type: 'finish' });
    expect(state.mode).toBe('off');
    expect(state.shape?.type).toBe('circle');
    state = editorReducer(state, { type: 'reset' });
    expect(state).toEqual(initialEditorState());
  });

  it('ignores a radius click on the centre itself and Concluir before the radius', () => {
    const centred = run([
      { type: 'enable', shape: 'circle' },
      { type: 'click', at: [1, 1] },
    ]);
    expect(editorReducer(centred, { type: 'click', at: [1, 1] })).toBe(centred);
    expect(editorReducer(centred, { type: 'finish' })).toBe(centred);
  });

  it('cancel drops the drawing and keeps the saved shape', () => {
    const saved = parseGeofenceArea('CIRCLE (1 2, 300)');
    const state = run(
      [{ type: 'enable', shape: 'polygon' }, { type: 'click', at: [0, 0] }, { type: 'cancel' }],
      initialEditorState(saved),
    );
    expect(state).toEqual({ mode: 'off', shape: saved });
  });

  it('collects polygon and line points, finishing once there are enough', () => {
    const twoPoints = run([
      { type: 'enable', shape: 'polygon' },
      { type: 'click', at: [0, 0] },
      { type: 'click', at: [0, 1] },
    ]);
    expect(editorReducer(twoPoints, { type: 'finish' })).toBe(twoPoints);
    const polygon = run([{ type: 'click', at: [1, 1] }, { type: 'finish' }], twoPoints);
    expect(polygon.shape).toEqual({
      type: 'polygon',
      points: [
        [0, 0],
        [0, 1],
        [1, 1],
      ],
    });
    const line = run([
      { type: 'enable', shape: 'polyline' },
      { type: 'click', at: [0, 0] },
      { type: 'click', at: [2, 2] },
      { type: 'finish' },
    ]);
    expect(line.shape).toEqual({
      type: 'polyline',
      points: [
        [0, 0],
        [2, 2],
      ],
    });
  });

  it('measures the radius in metres', () => {
    // One degree of longitude at the equator, on the server's 6378137 m sphere.
    expect(distance([0, 0], [0, 1])).toBeCloseTo(111319.5, 0);
  });
});

describe('area text (latitude first)', () => {
  it('writes CIRCLE, closed POLYGON and LINESTRING', () => {
    expect(areaText({ type: 'circle', center: [-23.5505199, -46.6333094], radius: 150.04 })).toBe(
      'CIRCLE (-23.55052 -46.633309, 150)',
    );
    expect(
      areaText({
        type: 'polygon',
        points: [
          [0, 0],
          [0, 1],
          [1, 1],
        ],
      }),
    ).toBe('POLYGON ((0 0, 0 1, 1 1, 0 0))');
    expect(
      areaText({
        type: 'polyline',
        points: [
          [10.5, 20.25],
          [11, 21],
        ],
      }),
    ).toBe('LINESTRING (10.5 20.25, 11 21)');
  });

  it('reads back what it writes (the live map parser)', () => {
    const shape = {
      type: 'circle' as const,
      center: [-23.5, -46.6] as [number, number],
      radius: 250,
    };
    expect(parseGeofenceArea(areaText(shape))).toEqual(shape);
    const polygon = parseGeofenceArea(
      areaText({
        type: 'polygon',
        points: [
          [0, 0],
          [0, 1],
          [1, 1],
        ],
      }),
    );
    expect(polygon?.type).toBe('polygon');
    expect(areaText(polygon!)).toBe('POLYGON ((0 0, 0 1, 1 1, 0 0))');
  });
});
