import { COMMAND_TYPES } from '../../model';

/** What the OsmAnd listener can hand a device in its reply (docs/tracking-core.md). */
const OSMAND_COMMANDS = [
  'custom',
  'engineStop',
  'engineResume',
  'positionSingle',
  'positionPeriodic',
  'alarmArm',
  'alarmDisarm',
  'rebootDevice',
] as const;

/**
 * Command types a device supports, by the protocol of its latest position: OsmAnd (or a device
 * that never reported, which can only be an OsmAnd device here) gets the OsmAnd set over data,
 * and only `custom` by SMS; no device at all lists every type.
 */
export function supportedTypes(protocol: string | null | undefined, textChannel = false): string[] {
  if (protocol === undefined) return [...COMMAND_TYPES];
  if (textChannel) return ['custom'];
  if (protocol === null || protocol === 'osmand') return [...OSMAND_COMMANDS];
  return ['custom'];
}
