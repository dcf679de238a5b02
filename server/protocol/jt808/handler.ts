import type { DecodedPosition } from '../../processing/types';
import type { Reader } from '../shared/bytes';
import type { Jt808Message } from './frame';

/** One message as its handler sees it: the parsed frame, a reader over its body, the session. */
export interface Incoming {
  message: Jt808Message;
  body: Reader;
  state: Map<string, unknown>;
  now: number;
}

/** What a message comes to: positions to store, and the answer the terminal waits for. */
export interface Outcome {
  positions?: DecodedPosition[];
  /** Answer with the platform general response 0x8001. */
  ack?: boolean;
  /** Answer with this instead. */
  reply?: Buffer;
}

export type Handler = (incoming: Incoming) => Outcome;
