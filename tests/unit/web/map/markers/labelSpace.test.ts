import type { Device } from '../../../../../model/device';
import { BoxGrid } from '../../../../../src/map/markers/boxGrid';
import { LabelSpace } from '../../../../../src/map/markers/labelSpace';
import { drawMarkerLabel, markerBox } from '../../../../../src/map/markers/markerDrawing';

const device = (id: number, name: string): Device =>
  ({ id, name, attributes: {}, status: 'online' }) as unknown as Device;

/** A 2D context that records the labels written on it; every text is 6 px a character wide. */
const recordingContext = () => {
  const written: [string, number, number][] = [];
  const ctx = {
    font: '',
    textAlign: '',
    textBaseline: '',
    lineWidth: 0,
    strokeStyle: '',
    fillStyle: '',
    measureText: (text: string) => ({ width: text.length * 6 }),
    strokeText: () => undefined,
    fillText: (text: string, x: number, y: number) => written.push([text, x, y]),
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, written };
};

const style = {
  prefs: { labels: 'name' as const, statusRing: true, accuracy: false, clusters: true },
  selectedId: null,
  plateMissing: 'N/A',
  zoom: 14,
  ratio: 1,
  showLabels: true,
};

describe('BoxGrid', () => {
  it('finds the values of the boxes over an area once each, in the order they were added', () => {
    const grid = new BoxGrid<string>();
    grid.add({ left: 0, top: 0, right: 200, bottom: 20 }, 'wide label');
    grid.add({ left: 50, top: 50, right: 90, bottom: 90 }, 'icon');
    const removed = grid.add({ left: 60, top: 0, right: 80, bottom: 80 }, 'gone');
    grid.add({ left: 300, top: 300, right: 340, bottom: 340 }, 'far');
    grid.remove(removed);
    expect(grid.find({ left: 40, top: 10, right: 140, bottom: 60 })).toEqual([
      'wide label',
      'icon',
    ]);
    expect(grid.any({ left: 200, top: 100, right: 299, bottom: 299 })).toBe(false);
  });
});

describe('LabelSpace', () => {
  it('refuses a box that overlaps one taken, and takes one beside it', () => {
    const space = new LabelSpace();
    space.take({ left: 0, top: 0, right: 100, bottom: 14 });
    expect(space.fits({ left: 90, top: 10, right: 190, bottom: 24 })).toBe(false);
    expect(space.takeIfFree({ left: 100, top: 0, right: 200, bottom: 14 })).toBe(true);
    expect(space.fits({ left: 150, top: 5, right: 160, bottom: 8 })).toBe(false);
    space.clear();
    expect(space.fits({ left: 150, top: 5, right: 160, bottom: 8 })).toBe(true);
  });

  it('finds overlaps across grid cells and off the canvas edge', () => {
    const space = new LabelSpace();
    space.take({ left: -40, top: 60, right: 300, bottom: 74 });
    expect(space.fits({ left: 250, top: 70, right: 260, bottom: 90 })).toBe(false);
    expect(space.fits({ left: -30, top: 50, right: -20, bottom: 61 })).toBe(false);
    expect(space.fits({ left: -30, top: 74, right: -20, bottom: 90 })).toBe(true);
  });

  it('frees a box released, as when its marker leaves for the moving layer', () => {
    const space = new LabelSpace();
    const handle = space.take({ left: 0, top: 0, right: 40, bottom: 40 });
    space.take({ left: 100, top: 0, right: 140, bottom: 40 });
    space.release(handle);
    expect(space.fits({ left: 10, top: 10, right: 20, bottom: 20 })).toBe(true);
    expect(space.fits({ left: 110, top: 10, right: 120, bottom: 20 })).toBe(false);
  });

  it('keeps clear of the layer below without changing it', () => {
    const below = new LabelSpace();
    below.take({ left: 0, top: 0, right: 50, bottom: 50 });
    const above = new LabelSpace(below);
    expect(above.takeIfFree({ left: 40, top: 40, right: 60, bottom: 60 })).toBe(false);
    expect(above.takeIfFree({ left: 60, top: 0, right: 80, bottom: 20 })).toBe(true);
    expect(below.fits({ left: 60, top: 0, right: 80, bottom: 20 })).toBe(true);
  });
});

describe('marker labels', () => {
  it('puts a label under its marker, else above, right or left, where it covers nothing', () => {
    /** Where "Fiat Argo 25" (72 px of text + halo) is written for a marker at (200, 200). */
    const placeAmong = (others: [number, number][]) => {
      const { ctx, written } = recordingContext();
      const space = new LabelSpace();
      for (const [x, y] of [[200, 200], ...others]) space.take(markerBox(x, y));
      drawMarkerLabel(ctx, device(1, 'Fiat Argo 25'), 200, 200, style, space);
      return written[0]?.slice(1);
    };
    expect(placeAmong([])).toEqual([164, 220]);
    expect(placeAmong([[200, 240]])).toEqual([164, 166]);
    expect(
      placeAmong([
        [200, 240],
        [200, 160],
      ]),
    ).toEqual([222, 193]);
    expect(
      placeAmong([
        [200, 240],
        [200, 160],
        [240, 200],
      ]),
    ).toEqual([106, 193]);
  });

  it('moves a label that would cover another label', () => {
    const { ctx, written } = recordingContext();
    const space = new LabelSpace();
    space.take(markerBox(100, 100));
    space.take(markerBox(150, 100));
    drawMarkerLabel(ctx, device(1, 'Honda Biz 125 06'), 100, 100, style, space);
    drawMarkerLabel(ctx, device(2, 'Honda XRE 300 24'), 150, 100, style, space);
    // The first under its marker; the second's place under would overlap it: above.
    expect(written).toEqual([
      ['Honda Biz 125 06', 52, 120],
      ['Honda XRE 300 24', 102, 66],
    ]);
  });

  it('leaves a label out when every place around its marker is taken', () => {
    const { ctx, written } = recordingContext();
    const space = new LabelSpace();
    for (const [x, y] of [
      [200, 200],
      [200, 240],
      [200, 160],
      [240, 200],
      [160, 200],
    ]) {
      space.take(markerBox(x, y));
    }
    expect(drawMarkerLabel(ctx, device(1, 'Fiat Argo 25'), 200, 200, style, space)).toBeNull();
    expect(written).toEqual([]);
  });

  it("always writes the selected device's label", () => {
    const { ctx, written } = recordingContext();
    const space = new LabelSpace();
    drawMarkerLabel(ctx, device(1, 'Toyota Corolla 02'), 100, 100, style, space);
    drawMarkerLabel(ctx, device(2, 'Chevrolet Onix 04'), 104, 104, style, space, true);
    expect(written.map(([text]) => text)).toEqual(['Toyota Corolla 02', 'Chevrolet Onix 04']);
  });

  it('writes nothing when labels are off', () => {
    const { ctx, written } = recordingContext();
    const space = new LabelSpace();
    drawMarkerLabel(
      ctx,
      device(1, 'Fiat Argo 25'),
      100,
      100,
      { ...style, showLabels: false },
      space,
    );
    drawMarkerLabel(
      ctx,
      device(1, 'Fiat Argo 25'),
      100,
      100,
      { ...style, prefs: { ...style.prefs, labels: 'none' } },
      space,
    );
    expect(written).toEqual([]);
  });
});
