import type { ProtocolDefinition } from '../shared/definition';
import { PROTOCOL, decodeGt06 } from './decoder';
import { gt06Device } from './device';
import { ONLINE_COMMANDS, SMS_COMMANDS, encodeGt06, encodeGt06Text } from './encoder';
import { gt06Splitter } from './splitter';

/**
 * GT06: Concox GT06/GT06N/GT800, Jimi JM-VL and WeTrack, and the many trackers that copy their
 * binary protocol (most Brazilian fleet hardware). TCP on Traccar's port 5023.
 */
export const gt06: ProtocolDefinition = {
  name: PROTOCOL,
  defaultPort: 5023,
  transports: ['tcp'],
  splitter: () => gt06Splitter('server'),
  decode: decodeGt06,
  commands: ONLINE_COMMANDS,
  encode: encodeGt06,
  textCommands: SMS_COMMANDS,
  encodeText: encodeGt06Text,
  device: gt06Device,
};
