import type { CellTower, Network } from '../../../model';
import type { AlarmKey } from '../../../model/alarm';
import { isValidLatitude, isValidLongitude } from '../../../model/coordinates';
import type { DecodedPosition } from '../../processing/types';
import { FrameError } from './definition';

/**
 * Building a decoded position the way every decoder needs it: Traccar's attribute keys, its alarm
 * list, its `network` object, and a message without a fresh fix kept outdated (the server then
 * keeps the device's last location, as Traccar's `getLastLocation`).
 */

/**
 * A position of `protocol` with no fix yet: outdated at `time` until `setLocation` gives it
 * coordinates. The session fills in `uniqueId`.
 */
export function newPosition(protocol: string, time: number): DecodedPosition {
  return {
    protocol,
    uniqueId: '',
    fixTime: time,
    deviceTime: time,
    valid: false,
    outdated: true,
    latitude: 0,
    longitude: 0,
    speed: 0,
    course: 0,
    altitude: 0,
    accuracy: 0,
    network: null,
    attributes: {},
  };
}

/**
 * Gives the position its fix. Coordinates off the globe are the frame's fault (a corrupt frame
 * whose checksum happened to match, or a decoder reading the wrong field): `FrameError`. 0,0 is
 * what many devices send without a fix, so it stays outdated, as in Traccar.
 */
export function setLocation(
  position: DecodedPosition,
  fix: { time: number; valid: boolean; latitude: number; longitude: number },
): void {
  if (!isValidLatitude(fix.latitude) || !isValidLongitude(fix.longitude)) {
    throw new FrameError(`coordinates off the globe: ${fix.latitude}, ${fix.longitude}`);
  }
  position.fixTime = fix.time;
  position.valid = fix.valid;
  if (fix.latitude === 0 && fix.longitude === 0) {
    position.outdated = true;
    position.valid = false;
    return;
  }
  position.outdated = false;
  position.latitude = fix.latitude;
  position.longitude = fix.longitude;
}

/** Adds one of Traccar's alarm keys to the position's comma-separated `alarm`. */
export function addAlarm(position: DecodedPosition, alarm: AlarmKey | null | undefined): void {
  if (!alarm) return;
  const current = position.attributes.alarm;
  if (typeof current !== 'string' || current === '') {
    position.attributes.alarm = alarm;
  } else if (!current.split(',').includes(alarm)) {
    position.attributes.alarm = `${current},${alarm}`;
  }
}

/** Adds a cell tower to the position's `network` (Traccar's shape). */
export function addCellTower(position: DecodedPosition, tower: CellTower): void {
  const network: Network = position.network ?? {};
  (network.cellTowers ??= []).push(tower);
  position.network = network;
}

/** Adds a Wi-Fi access point to the position's `network`. */
export function addWifi(position: DecodedPosition, macAddress: string, signalStrength: number) {
  const network: Network = position.network ?? {};
  (network.wifiAccessPoints ??= []).push({ macAddress, signalStrength });
  position.network = network;
}

/** A position carrying a device's answer to a command (`commandResult` event), no fix. */
export function resultPosition(protocol: string, time: number, result: string): DecodedPosition {
  const position = newPosition(protocol, time);
  position.attributes.result = result;
  return position;
}

/**
 * NMEA's `ddmm.mmmm` / `dddmm.mmmm` with its hemisphere letter (N, S, E, W) as signed degrees.
 */
export function nmeaDegrees(value: string, hemisphere: string): number {
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number)) {
    throw new FrameError(`not a coordinate: ${JSON.stringify(value)}`);
  }
  const degrees = Math.floor(number / 100);
  const result = degrees + (number - degrees * 100) / 60;
  return /^[SW]$/i.test(hemisphere) ? -result : result;
}
