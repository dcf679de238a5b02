import type { StopReportItem, SummaryReportItem, TripReportItem } from '../../model/report';
import { deviceOdometer } from '../../model/position';
import { knotsFromMps } from '../../model/units';

/**
 * How report items (`model/report.ts`) are computed from the positions at their two ends, as
 * Traccar computes them. Pure.
 */

/** What an item needs of a position: its row with the attributes parsed. */
export interface EdgePosition {
  id: number;
  fixTime: number;
  latitude: number;
  longitude: number;
  speed: number;
  address: string | null;
  attributes: Record<string, unknown>;
}

export interface DeviceInfo {
  id: number;
  name: string;
  /** For `fuelCapacity`. */
  attributes: Record<string, unknown>;
}

interface ItemOptions {
  /** `report.ignoreOdometer`. */
  ignoreOdometer: boolean;
}

/** A numeric attribute (numbers or numeric strings, like Traccar's `getDouble`), else 0. */
function numberAttribute(attributes: Record<string, unknown>, key: string): number {
  const value = attributes[key];
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : 0;
  }
  return 0;
}

const has = (attributes: Record<string, unknown>, key: string) =>
  attributes[key] !== undefined && attributes[key] !== null;

/**
 * Whether the device's own `odometer` is used (both ends have one and it is not ignored), so the
 * distance is the difference of two figures of the same meter (`odometerOf`, model/position.ts).
 */
function usesOdometer(first: EdgePosition, last: EdgePosition, options: ItemOptions): boolean {
  return (
    !options.ignoreOdometer &&
    deviceOdometer(first.attributes) !== null &&
    deviceOdometer(last.attributes) !== null
  );
}

/** Distance, start and end odometer: `odometer` when usable, else `totalDistance` (m). */
function odometers(
  first: EdgePosition,
  last: EdgePosition,
  options: ItemOptions,
): { distance: number; startOdometer: number; endOdometer: number } {
  const key = usesOdometer(first, last, options) ? 'odometer' : 'totalDistance';
  const startOdometer = numberAttribute(first.attributes, key);
  const endOdometer = numberAttribute(last.attributes, key);
  return { distance: endOdometer - startOdometer, startOdometer, endOdometer };
}

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/**
 * Litres spent: the `fuelUsed` difference; else `fuel` first − last; else the `fuelLevel` (%)
 * drop × the device's `fuelCapacity`; else 0.
 */
function spentFuel(first: EdgePosition, last: EdgePosition, device: DeviceInfo): number {
  const a = first.attributes;
  const b = last.attributes;
  if (has(a, 'fuelUsed') && has(b, 'fuelUsed')) {
    return round(numberAttribute(b, 'fuelUsed') - numberAttribute(a, 'fuelUsed'), 3);
  }
  if (has(a, 'fuel') && has(b, 'fuel')) {
    return round(numberAttribute(a, 'fuel') - numberAttribute(b, 'fuel'), 3);
  }
  const capacity = numberAttribute(device.attributes, 'fuelCapacity');
  if (has(a, 'fuelLevel') && has(b, 'fuelLevel') && capacity > 0) {
    const drop = numberAttribute(a, 'fuelLevel') - numberAttribute(b, 'fuelLevel');
    return round((drop * capacity) / 100, 3);
  }
  return 0;
}

function stringAttribute(attributes: Record<string, unknown>, key: string): string | null {
  const value = attributes[key];
  if (value === undefined || value === null) return null;
  return String(value);
}

/** `driverUniqueId` of the first position, else the last. */
function findDriver(first: EdgePosition, last: EdgePosition): string | null {
  return (
    stringAttribute(first.attributes, 'driverUniqueId') ??
    stringAttribute(last.attributes, 'driverUniqueId')
  );
}

const iso = (millis: number) => new Date(millis).toISOString();

export function tripItem(
  device: DeviceInfo,
  start: EdgePosition,
  end: EdgePosition,
  maxSpeed: number,
  options: ItemOptions,
  driverName: (uniqueId: string) => string | null = () => null,
): TripReportItem {
  const duration = end.fixTime - start.fixTime;
  const { distance, startOdometer, endOdometer } = odometers(start, end, options);
  const driverUniqueId = findDriver(start, end);
  return {
    deviceId: device.id,
    deviceName: device.name,
    distance,
    averageSpeed: duration > 0 ? knotsFromMps((distance * 1000) / duration) : 0,
    maxSpeed,
    spentFuel: spentFuel(start, end, device),
    startOdometer,
    endOdometer,
    startTime: iso(start.fixTime),
    endTime: iso(end.fixTime),
    startPositionId: start.id,
    endPositionId: end.id,
    startLat: start.latitude,
    startLon: start.longitude,
    endLat: end.latitude,
    endLon: end.longitude,
    startAddress: start.address,
    endAddress: end.address,
    duration,
    driverUniqueId,
    driverName: driverUniqueId === null ? null : driverName(driverUniqueId),
  };
}

export function stopItem(
  device: DeviceInfo,
  start: EdgePosition,
  end: EdgePosition,
  options: ItemOptions,
): StopReportItem {
  const { distance, startOdometer, endOdometer } = odometers(start, end, options);
  const engineHours =
    has(start.attributes, 'hours') && has(end.attributes, 'hours')
      ? numberAttribute(end.attributes, 'hours') - numberAttribute(start.attributes, 'hours')
      : 0;
  return {
    deviceId: device.id,
    deviceName: device.name,
    distance,
    averageSpeed: 0,
    maxSpeed: 0,
    spentFuel: spentFuel(start, end, device),
    startOdometer,
    endOdometer,
    startTime: iso(start.fixTime),
    endTime: iso(end.fixTime),
    positionId: start.id,
    latitude: start.latitude,
    longitude: start.longitude,
    address: start.address,
    duration: end.fixTime - start.fixTime,
    engineHours,
  };
}

/**
 * Summary of one device over one window (`SummaryReportProvider`): first and last positions give
 * distance, odometers, fuel and engine hours; `averageSpeed` = distance ÷ engine hours, only when
 * `hours` exists (else 0); `maxSpeed` comes from the caller (0 on the fast path).
 */
export function summaryItem(
  device: DeviceInfo,
  first: EdgePosition,
  last: EdgePosition,
  maxSpeed: number,
  options: ItemOptions,
): SummaryReportItem {
  const { distance, startOdometer, endOdometer } = odometers(first, last, options);
  const withHours = has(first.attributes, 'hours') && has(last.attributes, 'hours');
  const startHours = withHours ? numberAttribute(first.attributes, 'hours') : 0;
  const endHours = withHours ? numberAttribute(last.attributes, 'hours') : 0;
  const engineHours = endHours - startHours;
  return {
    deviceId: device.id,
    deviceName: device.name,
    distance,
    averageSpeed: engineHours > 0 ? knotsFromMps((distance * 1000) / engineHours) : 0,
    maxSpeed,
    spentFuel: spentFuel(first, last, device),
    startOdometer,
    endOdometer,
    startTime: iso(first.fixTime),
    endTime: iso(last.fixTime),
    startHours,
    endHours,
    engineHours,
  };
}
