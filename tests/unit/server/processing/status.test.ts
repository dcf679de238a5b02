import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STATUS_TIMEOUT_MS,
  deviceStatus,
  isInactivityDue,
  statusChangeEvent,
} from '../../../../server/processing/status';

const NOW = 1_700_000_000_000;

describe('deviceStatus', () => {
  it('defaults status.timeout to 600 s', () => {
    expect(DEFAULT_STATUS_TIMEOUT_MS).toBe(600_000);
  });

  it('is offline for a device that never reported', () => {
    expect(deviceStatus({ lastUpdate: null }, NOW)).toBe('offline');
  });

  it('is online up to the timeout, unknown after it', () => {
    expect(deviceStatus({ lastUpdate: NOW }, NOW)).toBe('online');
    expect(deviceStatus({ lastUpdate: NOW - 600_000 }, NOW)).toBe('online');
    expect(deviceStatus({ lastUpdate: NOW - 600_001 }, NOW)).toBe('unknown');
  });

  it('honours a custom timeout', () => {
    expect(deviceStatus({ lastUpdate: NOW - 61_000 }, NOW, 60_000)).toBe('unknown');
    expect(deviceStatus({ lastUpdate: NOW - 59_000 }, NOW, 60_000)).toBe('online');
  });

  it('is offline once a connection closed, whatever the age', () => {
    expect(deviceStatus({ lastUpdate: NOW, connected: false }, NOW)).toBe('offline');
    expect(deviceStatus({ lastUpdate: NOW, connected: true }, NOW)).toBe('online');
  });
});

describe('statusChangeEvent', () => {
  it('emits the matching event on change', () => {
    expect(statusChangeEvent(5, 'offline', 'online', NOW)).toEqual({
      type: 'deviceOnline',
      deviceId: 5,
      eventTime: NOW,
      positionId: 0,
      geofenceId: 0,
      maintenanceId: 0,
      attributes: {},
    });
    expect(statusChangeEvent(5, 'online', 'unknown', NOW)?.type).toBe('deviceUnknown');
    expect(statusChangeEvent(5, 'online', 'offline', NOW)?.type).toBe('deviceOffline');
  });

  it('emits nothing without a change; a null status counts as offline', () => {
    expect(statusChangeEvent(5, 'online', 'online', NOW)).toBeNull();
    expect(statusChangeEvent(5, null, 'offline', NOW)).toBeNull();
    expect(statusChangeEvent(5, null, 'online', NOW)?.type).toBe('deviceOnline');
  });
});

describe('isInactivityDue', () => {
  const last = 0;
  const check = 10;

  it('fires once in the check window that crosses the start threshold', () => {
    const due = [90, 100, 110, 120].map((now) => isInactivityDue(last, now, check, 100));
    expect(due).toEqual([false, true, false, false]);
  });

  it('repeats every period when one is set, each in exactly one check', () => {
    const checks = Array.from({ length: 30 }, (_, i) => (i + 1) * check);
    const fired = checks.filter((now) => isInactivityDue(last, now, check, 100, 50));
    expect(fired).toEqual([100, 150, 200, 250, 300]);
  });

  it('works when the check period does not divide the thresholds', () => {
    const checks = Array.from({ length: 30 }, (_, i) => (i + 1) * 7);
    const fired = checks.filter((now) => isInactivityDue(last, now, 7, 100, 50));
    expect(fired).toEqual([105, 154, 203]);
  });

  it('never fires without a start or a last update', () => {
    expect(isInactivityDue(null, 1000, 10, 100)).toBe(false);
    expect(isInactivityDue(0, 1000, 10, 0)).toBe(false);
  });
});
