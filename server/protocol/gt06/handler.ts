import { Reader } from '../shared/bytes';
import type { DecodeContext, DecodeResult } from '../shared/definition';
import { buildFrame } from './frame';
import type { Gt06Message } from './frame';

/** What every GT06 message handler shares: its shape, the acknowledgement, the device's zone. */

/** Traccar's protocol name, stored with each position. */
export const PROTOCOL = 'gt06';

/** Connection memory: the device's zone offset (ms east of UTC) from its login. */
export const TIMEZONE_KEY = 'gt06.timezone';

/** Decodes one packet of a protocol number. */
export type Handler = (message: Gt06Message, context: DecodeContext) => DecodeResult;

/** Acknowledgement: the protocol number and serial echoed, no content (always `78 78`). */
export const ack = (message: Gt06Message): Buffer =>
  buildFrame(message.type, Buffer.alloc(0), message.serial);

/** The zone the device declared at login, as ms east of UTC (0 when it declared none). */
export const zoneOffset = (context: DecodeContext): number => {
  const value = context.state.get(TIMEZONE_KEY);
  return typeof value === 'number' ? value : 0;
};

/** A bounds-checked reader over the packet's content. */
export const reader = (message: Gt06Message): Reader => new Reader(message.content);
