import { describe, expect, it } from 'vitest';
import { driverMayCall } from '../../../../server/qrDriver/guard';

describe('driverMayCall', () => {
  it('lets a driver reach the session, the server settings and the driver endpoints only', () => {
    expect(driverMayCall('GET', '/api/session')).toBe(true);
    expect(driverMayCall('DELETE', '/api/session')).toBe(true);
    expect(driverMayCall('GET', '/api/server')).toBe(true);
    expect(driverMayCall('PUT', '/api/server')).toBe(false);
    expect(driverMayCall('POST', '/tarkan/qr-driver')).toBe(true);
    expect(driverMayCall('GET', '/api/devices?id=1')).toBe(false);
    expect(driverMayCall('POST', '/tarkan/autolink')).toBe(false);
    expect(driverMayCall('GET', '/qr-driver')).toBe(true);
  });
});
