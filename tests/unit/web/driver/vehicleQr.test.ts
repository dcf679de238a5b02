import { describe, expect, it } from 'vitest';
import { vehicleIdFromQr } from '../../../../src/driver/vehicleQr';

const ORIGIN = 'https://frota.example';

describe('vehicleIdFromQr', () => {
  it('reads the vehicle id of a QR of this site', () => {
    expect(vehicleIdFromQr(`${ORIGIN}/qr-driver/scan/42`, ORIGIN)).toBe(42);
  });

  it('refuses other sites, other paths and plain text', () => {
    expect(vehicleIdFromQr('https://evil.example/qr-driver/scan/42', ORIGIN)).toBeNull();
    expect(vehicleIdFromQr(`${ORIGIN}/devices/42`, ORIGIN)).toBeNull();
    expect(vehicleIdFromQr(`${ORIGIN}/qr-driver/scan/0`, ORIGIN)).toBeNull();
    expect(vehicleIdFromQr('hello', ORIGIN)).toBeNull();
  });
});
