import type { ProtocolDefinition } from '../shared/definition';
import { decodeGps103 } from './decoder';
import { gps103Device } from './device';
import { GPS103_COMMANDS, GPS103_TEXT_COMMANDS, encodeGps103, encodeGps103Text } from './encoder';
import { gps103Splitter } from './splitter';

/**
 * Coban TK102/TK103/TK103B/GPS-102/GPS-103/GPS-104 and their many clones: `imei:…,tracker,…;`
 * text reports over TCP or UDP (docs/protocols.md).
 */
export const gps103: ProtocolDefinition = {
  name: 'gps103',
  defaultPort: 5001,
  transports: ['tcp', 'udp'],
  splitter: gps103Splitter,
  decode: decodeGps103,
  commands: GPS103_COMMANDS,
  encode: encodeGps103,
  textCommands: GPS103_TEXT_COMMANDS,
  encodeText: encodeGps103Text,
  device: gps103Device,
};
