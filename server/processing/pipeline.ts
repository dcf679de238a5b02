import { applyComputedAttributes, type CompiledAttribute } from './computed';
import type { DeviceState } from './deviceState';
import { accumulateDistance, type DistanceOptions } from './distance';
import {
  alarmEvents,
  commandResultEvents,
  detectEvents,
  resolveSpeedLimit,
  type AlarmOptions,
  type FuelOptions,
  type OverspeedOptions,
} from './events';
import { insideGeofenceIds, type CompiledGeofence } from './geofences';
import { accumulateHours } from './hours';
import type { AttributeSource } from './lookup';
import { computeMotion, initialMotionState, motionEvents, updateMotion } from './motion';
import type { MotionConfig } from './motion';
import {
  alarmOptions,
  copyAttributes,
  distanceOptions,
  fuelOptions,
  motionConfig,
  overspeedOptions,
} from './settings';
import type { DecodedPosition, NewEvent, PositionRecord } from './types';

/** The device attribute a QR check-in writes (the driver's uniqueId; `server/qrDriver`). */
export const QR_DRIVER_ATTRIBUTE = 'qrDriverId';

/**
 * The position pipeline, pure: what Traccar's handler chain does to one position, in two steps.
 * `enrichPosition` runs before the position is stored (outdated fill, computed attributes,
 * distance, geofences, motion, engine hours); `positionEvents` runs once it has an id and turns
 * it into events plus the device's next state. Neither reads a database: the caller hands in the
 * device's context, built from in-memory caches.
 */

/** Everything about a device the pipeline needs, resolved from the caches. */
export interface DeviceContext {
  deviceId: number;
  /** Lookup order: device attributes, group chain (nearest first), server attributes. */
  sources: AttributeSource[];
  deviceAttributes: Record<string, unknown>;
  /** Geofences linked to the device or its groups, plus its anchor geofences. */
  geofences: CompiledGeofence[];
  /** Computed attributes linked to the device or its groups, priority < 0, sorted. */
  early: CompiledAttribute[];
  /** Priority ≥ 0, sorted. */
  late: CompiledAttribute[];
  settings: PipelineSettings;
}

export interface PipelineSettings {
  motion: MotionConfig;
  distance: DistanceOptions;
  overspeed: OverspeedOptions & { preferLowest: boolean };
  alarm: AlarmOptions;
  fuel: FuelOptions;
  /** `processing.computedAttributes.lastAttributes` / `.deviceAttributes`. */
  computedLast: boolean;
  computedDevice: boolean;
  /** Attributes taken from the previous position when a message lacks them (`settings.ts`). */
  copyAttributes: string[];
}

export function pipelineSettings(sources: readonly AttributeSource[]): PipelineSettings {
  const flag = (key: string) => sources.some((s) => s?.[key] === true || s?.[key] === 'true');
  return {
    motion: motionConfig(sources),
    distance: distanceOptions(sources),
    overspeed: overspeedOptions(sources),
    alarm: alarmOptions(sources),
    fuel: fuelOptions(sources),
    computedLast: flag('processing.computedAttributes.lastAttributes'),
    computedDevice: flag('processing.computedAttributes.deviceAttributes'),
    copyAttributes: copyAttributes(sources),
  };
}

/**
 * The decoded message as a position of the device, with a missing fix filled from the last
 * position as Traccar's `getLastLocation` does (time, validity, location, speed and course).
 */
function toPosition(
  decoded: DecodedPosition,
  deviceId: number,
  last: PositionRecord | null,
  now: number,
): PositionRecord {
  const position: PositionRecord = {
    id: 0,
    deviceId,
    protocol: decoded.protocol,
    serverTime: now,
    deviceTime: decoded.deviceTime,
    fixTime: decoded.fixTime,
    outdated: decoded.outdated,
    valid: decoded.valid,
    latitude: decoded.latitude,
    longitude: decoded.longitude,
    altitude: decoded.altitude,
    speed: decoded.speed,
    course: decoded.course,
    address: null,
    accuracy: decoded.accuracy,
    network: decoded.network,
    geofenceIds: null,
    attributes: { ...decoded.attributes },
  };
  if (decoded.outdated) {
    if (last) {
      position.fixTime = last.fixTime;
      position.valid = last.valid;
      position.latitude = last.latitude;
      position.longitude = last.longitude;
      position.altitude = last.altitude;
      position.speed = last.speed;
      position.course = last.course;
      position.accuracy = last.accuracy;
    } else {
      // No location ever known: keep 0,0 but never present it as a valid fix.
      position.valid = false;
    }
  }
  return position;
}

/**
 * A QR check-in names the vehicle's driver in the device attribute `qrDriverId`; it goes onto the
 * position as `driverUniqueId`, where Traccar's driver identification puts it, so reports, events
 * (`driverChanged`) and the map see who drove. A driver the tracker identified itself (an RFID
 * reader, say) is first-hand and wins.
 */
function identifyDriver(position: PositionRecord, deviceAttributes: Record<string, unknown>): void {
  const own = position.attributes.driverUniqueId;
  if (typeof own === 'string' && own !== '') return;
  const checkedIn = deviceAttributes[QR_DRIVER_ATTRIBUTE];
  if (typeof checkedIn === 'string' && checkedIn !== '') {
    position.attributes.driverUniqueId = checkedIn;
  }
}

export interface EnrichOptions {
  onComputeError?: (attribute: CompiledAttribute, error: unknown) => void;
}

/** Runs the processing handlers on a fresh position (id 0), in Traccar's order. */
export function enrichPosition(
  context: DeviceContext,
  decoded: DecodedPosition,
  last: PositionRecord | null,
  now: number,
  options: EnrichOptions = {},
): PositionRecord {
  const position = toPosition(decoded, context.deviceId, last, now);
  if (last) {
    for (const key of context.settings.copyAttributes) {
      if (position.attributes[key] === undefined && last.attributes[key] !== undefined) {
        position.attributes[key] = last.attributes[key];
      }
    }
  }
  identifyDriver(position, context.deviceAttributes);
  const extras = {
    last: context.settings.computedLast ? last : null,
    deviceAttributes: context.settings.computedDevice ? context.deviceAttributes : undefined,
    onError: options.onComputeError,
  };
  if (context.early.length > 0) applyComputedAttributes(position, context.early, extras);

  const distance = accumulateDistance(last, position, context.settings.distance);
  position.latitude = distance.latitude;
  position.longitude = distance.longitude;
  position.attributes.distance = distance.distance;
  position.attributes.totalDistance = distance.totalDistance;

  position.geofenceIds =
    context.geofences.length > 0 ? insideGeofenceIds(context.geofences, position) : null;

  position.attributes.motion = computeMotion(position, context.settings.motion.speedThreshold);

  if (context.late.length > 0) applyComputedAttributes(position, context.late, extras);

  // Like Traccar's EngineHoursHandler, a zero meter is not written.
  const hours = accumulateHours(last, position);
  if (hours !== undefined && hours !== 0) position.attributes.hours = hours;
  return position;
}

/**
 * A position becomes the device's latest unless it is older than the current latest. A latest that
 * places the device nowhere (a status from a tracker that never had a fix: outdated at 0,0, dated
 * when it arrived) gives way to any position, so the tracker's first fix, even one it recorded
 * earlier and uploads late, is where the device is.
 */
export function isLatest(
  position: Pick<PositionRecord, 'fixTime'>,
  last:
    | (Pick<PositionRecord, 'fixTime'> &
        Partial<Pick<PositionRecord, 'outdated' | 'latitude' | 'longitude'>>)
    | null,
): boolean {
  if (!last) return true;
  if (last.outdated === true && last.latitude === 0 && last.longitude === 0) return true;
  return position.fixTime >= last.fixTime;
}

export interface EventOptions {
  /** False when a geofence's calendar is inactive at that time (its events are suppressed). */
  geofenceActive?: (geofenceId: number, time: number) => boolean;
}

/**
 * The events a stored position (with its id) produces, and the device's next state. An older
 * position than the latest only raises its alarms and a command's answer, as Traccar's other
 * handlers skip non-latest ones.
 */
export function positionEvents(
  context: DeviceContext,
  state: DeviceState,
  previous: PositionRecord | null,
  position: PositionRecord,
  options: EventOptions = {},
): { state: DeviceState; events: NewEvent[] } {
  const { settings } = context;
  if (!isLatest(position, previous)) {
    return {
      state,
      events: [
        ...alarmEvents(previous, position, settings.alarm),
        ...commandResultEvents(position),
      ],
    };
  }

  let motion = state.motion;
  const motionOut: NewEvent[] = [];
  if (!motion) {
    motion = initialMotionState(position, settings.motion);
  } else {
    const result = updateMotion(motion, position, settings.motion);
    motion = result.state;
    motionOut.push(...motionEvents(result.transitions));
  }

  const speedLimit = resolveSpeedLimit({
    position,
    sources: context.sources,
    geofences: context.geofences,
    preferLowest: settings.overspeed.preferLowest,
  });
  const detected = detectEvents({
    previous,
    position,
    overspeed: state.overspeed,
    speedLimit,
    geofence: { isActive: options.geofenceActive },
    overspeedOptions: settings.overspeed,
    alarm: settings.alarm,
    fuel: settings.fuel,
  });
  return {
    state: { motion, overspeed: detected.overspeed },
    events: [...motionOut, ...detected.events],
  };
}
