import { describe, expect, it } from 'vitest';
import { deviceOdometer, ignoresDeviceOdometer, odometerOf } from '../../../model/position';

describe('the one odometer (odometerOf)', () => {
  it('is the device’s own meter when it reports one, else the GPS distance', () => {
    expect(odometerOf({ odometer: 236_306_000, totalDistance: 19_900 })).toBe(236_306_000);
    expect(odometerOf({ odometer: '236306000', totalDistance: 19_900 })).toBe(236_306_000);
    expect(odometerOf({ odometer: 0, totalDistance: 19_900 })).toBe(19_900);
    expect(odometerOf({ totalDistance: 19_900 })).toBe(19_900);
    expect(odometerOf({})).toBeNull();
    expect(deviceOdometer({ odometer: 'n/a' })).toBeNull();
  });

  it('is the GPS distance when report.ignoreOdometer says so, the device before the server', () => {
    const position = { odometer: 236_306_000, totalDistance: 19_900 };
    expect(odometerOf(position, true)).toBe(19_900);
    expect(ignoresDeviceOdometer({ 'report.ignoreOdometer': 'true' }, {})).toBe(true);
    expect(
      ignoresDeviceOdometer({ 'report.ignoreOdometer': false }, { 'report.ignoreOdometer': true }),
    ).toBe(false);
    expect(ignoresDeviceOdometer(undefined, { 'report.ignoreOdometer': true })).toBe(true);
    expect(ignoresDeviceOdometer(undefined, null)).toBe(false);
  });
});
