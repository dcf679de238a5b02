import type { DecodeContext, DecodeResult, ProtocolDefinition } from '../shared/definition';
import { FrameError } from '../shared/definition';
import { decodeBinary } from './binary';
import { h02Device } from './device';
import { DATA_COMMANDS, SMS_COMMANDS, encodeData, encodeSms } from './encoder';
import { h02Splitter } from './splitter';
import { PROTOCOL, decodeText } from './text';

/**
 * H02: Sinotrack ST-901/ST-906 and the many trackers that copied the protocol. Text messages
 * (`*HQ,…#`) and binary reports (`$…`) share one connection; UDP datagrams hold one message each.
 */

function decode(frame: Buffer, context: DecodeContext): DecodeResult {
  switch (frame[0]) {
    case 0x2a: // '*'
      return decodeText(frame, context);
    case 0x24: // '$'
      return decodeBinary(frame);
    case 0x58: // 'X': a report variant that carries nothing Traccar stores.
      return {};
    default:
      throw new FrameError('not an H02 message');
  }
}

export const h02: ProtocolDefinition = {
  name: PROTOCOL,
  defaultPort: 5013,
  transports: ['tcp', 'udp'],
  splitter: h02Splitter,
  decode,
  commands: DATA_COMMANDS,
  encode(command, context) {
    const text = encodeData(command, context.uniqueId, Date.now());
    return text === null ? null : Buffer.from(text, 'utf8');
  },
  textCommands: SMS_COMMANDS,
  encodeText: encodeSms,
  device: h02Device,
};
