import type { ProtocolDefinition } from '../shared/definition';
import { decodeTk103 } from './decoder';
import { tk103Device } from './device';
import { TK103_COMMANDS, TK103_TEXT_COMMANDS, encodeTk103, encodeTk103Text } from './encoder';
import { tk103Splitter } from './splitter';

/**
 * The `(…BP05…)` family sold as TK103, GT-100 and similar (12-digit ids), and the
 * comma-separated T580W units: bracketed text frames over TCP or UDP (docs/protocols.md).
 */
export const tk103: ProtocolDefinition = {
  name: 'tk103',
  defaultPort: 5002,
  transports: ['tcp', 'udp'],
  splitter: tk103Splitter,
  decode: decodeTk103,
  commands: TK103_COMMANDS,
  encode: encodeTk103,
  textCommands: TK103_TEXT_COMMANDS,
  encodeText: encodeTk103Text,
  device: tk103Device,
};
