import type { ProtocolDefinition } from '../shared/definition';
import { PROTOCOL } from './codec';
import { decodeTeltonika } from './decoder';
import { teltonikaDevice } from './device';
import { COMMANDS, TEXT_COMMANDS, encodeCommand, encodeSms } from './encoder';
import { teltonikaSplitter } from './splitter';

/**
 * Teltonika FMB, FMC, FMM, FMT and FMU trackers (codecs 8, 8 Extended, 16 and GH3000's 7; codec
 * 12 commands), on TCP and UDP port 5027 as in Traccar.
 */
export const teltonika: ProtocolDefinition = {
  name: PROTOCOL,
  defaultPort: 5027,
  transports: ['tcp', 'udp'],
  splitter: teltonikaSplitter,
  // A UDP datagram has a layout of its own (packet id, IMEI, then the AVL data).
  datagrams: 'whole',
  decode: decodeTeltonika,
  commands: COMMANDS,
  encode: (command) => encodeCommand(command),
  textCommands: TEXT_COMMANDS,
  encodeText: encodeSms,
  device: teltonikaDevice,
};
