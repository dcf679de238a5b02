import {
  ANIMATION_MS,
  positionAt,
  retarget,
  still,
} from '../../../../../src/map/markers/markerState';

describe('marker glide', () => {
  it('interpolates linearly over 500 ms and retargets from where it is', () => {
    const moving = retarget(still(0, 0), 10, 20, 1000);
    expect(positionAt(moving, 1000)).toEqual([0, 0]);
    expect(positionAt(moving, 1000 + ANIMATION_MS / 2)).toEqual([5, 10]);
    expect(positionAt(moving, 5000)).toEqual([10, 20]);
    const turned = retarget(moving, 0, 0, 1250);
    expect([turned.fromLat, turned.fromLng]).toEqual([5, 10]);
    expect(retarget(turned, 0, 0, 1300)).toBe(turned);
  });
});
