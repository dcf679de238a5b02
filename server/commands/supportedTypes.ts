import { COMMAND_TYPES } from '../../model';
import { deviceProtocol } from '../protocol';

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
 * Command types a device supports, by the protocol it speaks (its latest position's, or its
 * connection's): a hardware protocol's own list over its connection, or by SMS the texts it takes
 * (docs/protocols.md); OsmAnd (or a device that never reported, which may be a phone) the OsmAnd
 * set, and only `custom` by SMS; no device at all lists every type.
 */
export function supportedTypes(protocol: string | null | undefined, textChannel = false): string[] {
  if (protocol === undefined) return [...COMMAND_TYPES];
  const definition = deviceProtocol(protocol);
  if (definition) {
    return textChannel ? [...(definition.textCommands ?? ['custom'])] : [...definition.commands];
  }
  if (textChannel) return ['custom'];
  if (protocol === null || protocol === 'osmand') return [...OSMAND_COMMANDS];
  return ['custom'];
}
