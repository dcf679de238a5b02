import type { CommandData, ProtocolDefinition } from '../shared/definition';
import { decodeSuntech } from './decoder';
import { suntechDevice } from './device';
import { COMMANDS, encodeSuntech } from './encoder';
import { PROTOCOL } from './fields';
import { suntechSplitter } from './splitter';

/**
 * Suntech trackers (SA200, ST300/ST310U/ST340, ST500, ST600, ST410, ST910, and the universal
 * firmware of the ST4300/ST4340/ST4500 and newer ST300s) on port 5011, TCP.
 */
export const suntech: ProtocolDefinition = {
  name: PROTOCOL,
  defaultPort: 5011,
  transports: ['tcp'],
  splitter: suntechSplitter,
  decode: decodeSuntech,
  commands: COMMANDS,
  encode: encodeSuntech,
  // By SMS a device takes the same command strings, which name its id: only a custom text
  // (written for that device) can be sent without it.
  textCommands: ['custom'],
  encodeText: (command: CommandData) => {
    const data = command.attributes.data;
    return command.type === 'custom' && typeof data === 'string' && data !== '' ? data : null;
  },
  device: suntechDevice,
};
