import type { DecodeContext, DecodeResult, ProtocolDefinition } from '../shared/definition';
import { binaryKind, decodeBinary } from './binary';
import { PROTOCOL } from './constants';
import { gv300Simulator } from './device';
import { COMMANDS, encodeCommand, encodeSms } from './encoder';
import { gl200Splitter } from './splitter';
import { decodeText } from './text';

/**
 * Queclink @Track (GV300, GV300W, GV55, GV500, GV350, GL300, GL320, GMT100 and their kin), text
 * and binary, over TCP and UDP on Traccar's port 5004. Devices identify themselves in every
 * message by IMEI; there is no login.
 */

function decode(frame: Buffer, context: DecodeContext): DecodeResult {
  const kind = binaryKind(frame);
  if (kind === 'binary' || kind === 'compact') return decodeBinary(frame, context.now);
  return decodeText(frame.toString('latin1'), context);
}

export const gl200: ProtocolDefinition = {
  name: PROTOCOL,
  defaultPort: 5004,
  transports: ['tcp', 'udp'],
  splitter: gl200Splitter,
  decode,
  commands: COMMANDS,
  encode: encodeCommand,
  textCommands: COMMANDS,
  encodeText: encodeSms,
  device: gv300Simulator,
};
