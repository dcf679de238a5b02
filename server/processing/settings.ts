import type { DistanceOptions } from './distance';
import type { AlarmOptions, FuelOptions, OverspeedOptions } from './events';
import { lookupAttribute, lookupBoolean, lookupNumber, type AttributeSource } from './lookup';
import { DEFAULT_MOTION_CONFIG, type MotionConfig } from './motion';

/**
 * The pipeline's settings for one device, each looked up device → groups → server (`lookup.ts`)
 * with Traccar's key names and defaults. Durations are configured in seconds, used in ms.
 */

export function motionConfig(sources: readonly AttributeSource[]): MotionConfig {
  return {
    minDistance: lookupNumber(
      'report.trip.minDistance',
      sources,
      DEFAULT_MOTION_CONFIG.minDistance,
    ),
    minDuration:
      lookupNumber('report.trip.minDuration', sources, DEFAULT_MOTION_CONFIG.minDuration / 1000) *
      1000,
    stopGap:
      lookupNumber('report.trip.stopGap', sources, DEFAULT_MOTION_CONFIG.stopGap / 1000) * 1000,
    speedThreshold: lookupNumber(
      'event.motion.speedThreshold',
      sources,
      DEFAULT_MOTION_CONFIG.speedThreshold,
    ),
  };
}

export function distanceOptions(sources: readonly AttributeSource[]): DistanceOptions {
  return {
    filter: lookupBoolean('coordinates.filter', sources, false),
    minError: lookupNumber('coordinates.minError', sources, 0),
    maxError: lookupNumber('coordinates.maxError', sources, 0),
  };
}

export function overspeedOptions(sources: readonly AttributeSource[]): OverspeedOptions & {
  preferLowest: boolean;
} {
  return {
    minimalDuration: lookupNumber('event.overspeed.minimalDuration', sources, 0) * 1000,
    thresholdMultiplier: lookupNumber('event.overspeed.thresholdMultiplier', sources, 1),
    preferLowest: lookupBoolean('event.overspeed.preferLowest', sources, false),
  };
}

export function alarmOptions(sources: readonly AttributeSource[]): AlarmOptions {
  return { ignoreDuplicates: lookupBoolean('event.ignoreDuplicateAlarms', sources, true) };
}

export function fuelOptions(sources: readonly AttributeSource[]): FuelOptions {
  return {
    dropThreshold: lookupNumber('fuelDropThreshold', sources, 0),
    increaseThreshold: lookupNumber('fuelIncreaseThreshold', sources, 0),
  };
}

/**
 * The attributes a position takes from the one before when its message does not carry them
 * (Traccar's `processing.copyAttributes`, a comma-separated list, with
 * `processing.copyAttributes.enable`). Frota copies `blocked` unless told otherwise: a tracker's
 * engine-cut relay stays as it was when a message (a command's answer, a status of another kind)
 * says nothing of it, and the lock buttons and the list read it from the latest position.
 */
export function copyAttributes(sources: readonly AttributeSource[]): string[] {
  if (!lookupBoolean('processing.copyAttributes.enable', sources, true)) return [];
  const list = lookupAttribute('processing.copyAttributes', sources);
  const text = typeof list === 'string' ? list : 'blocked';
  return text
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
}
