import type { ProtocolDefinition } from '../shared/definition';
import { decodeJt808 } from './decoder';
import { jt808Device } from './device';
import { COMMANDS, encodeJt808 } from './encoder';
import { jt808Splitter } from './splitter';

/**
 * JT/T 808, the Chinese national standard for vehicle terminals, spoken by many trackers and
 * dashcams (2013 and 2019 editions, and the vendor messages Traccar reads for them).
 */
export const jt808: ProtocolDefinition = {
  name: 'jt808',
  defaultPort: 5015,
  transports: ['tcp'],
  splitter: jt808Splitter,
  decode: decodeJt808,
  commands: COMMANDS,
  encode: encodeJt808,
  device: jt808Device,
};
