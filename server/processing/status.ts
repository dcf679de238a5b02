import type { DeviceStatus } from '../../model';
import type { NewEvent } from './types';

/** `status.timeout`: a device silent this long becomes `unknown` (Traccar's default, 600 s). */
export const DEFAULT_STATUS_TIMEOUT_MS = 600_000;

export interface StatusInput {
  /** Epoch ms of the last message, or null if the device never reported. */
  lastUpdate: number | null;
  /**
   * For connection-oriented protocols: false once the device's connection closed. HTTP protocols
   * such as OsmAnd have no connection and leave it undefined.
   */
  connected?: boolean;
}

/**
 * Traccar's rules: a device that never reported reads as offline; a closed connection makes it
 * offline; otherwise it is online until `status.timeout` passes without data, then unknown.
 */
export function deviceStatus(
  input: StatusInput,
  now: number,
  timeoutMs: number = DEFAULT_STATUS_TIMEOUT_MS,
): DeviceStatus {
  if (input.lastUpdate === null) return 'offline';
  if (input.connected === false) return 'offline';
  return now - input.lastUpdate <= timeoutMs ? 'online' : 'unknown';
}

const STATUS_EVENTS = {
  online: 'deviceOnline',
  offline: 'deviceOffline',
  unknown: 'deviceUnknown',
} as const;

/**
 * The event for a status change, or null when the status did not change. Current Traccar emits
 * one on every change; the caller applies Frota's off switch (`event.status.enable: false`).
 */
export function statusChangeEvent(
  deviceId: number,
  previous: DeviceStatus | null,
  next: DeviceStatus,
  time: number,
): NewEvent | null {
  if ((previous ?? 'offline') === next) return null;
  return {
    type: STATUS_EVENTS[next],
    deviceId,
    eventTime: time,
    positionId: 0,
    geofenceId: 0,
    maintenanceId: 0,
    attributes: {},
  };
}

/**
 * Whether a `deviceInactive` event is due at this check (Traccar's TaskDeviceInactivityCheck):
 * first when `inactivityStart` ms have passed since the last update, then every
 * `inactivityPeriod` ms (0 = only once). `checkPeriod` is how often the caller runs the check, so
 * each threshold fires in exactly one check.
 */
export function isInactivityDue(
  lastUpdate: number | null,
  now: number,
  checkPeriod: number,
  inactivityStart: number,
  inactivityPeriod = 0,
): boolean {
  if (lastUpdate === null || inactivityStart <= 0) return false;
  const first = lastUpdate + inactivityStart;
  if (now < first) return false;
  // The latest threshold not after `now`; due when it fell inside this check's window.
  const latest =
    inactivityPeriod > 0
      ? first + Math.floor((now - first) / inactivityPeriod) * inactivityPeriod
      : first;
  return latest > now - checkPeriod;
}
