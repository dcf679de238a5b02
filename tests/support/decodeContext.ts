import type { DecodeContext } from '../../server/protocol/shared/definition';

/**
 * What a protocol's decoder is given for one frame: a connection that has not identified yet,
 * over TCP, at `now`, with what a test is about given in `fields`.
 */
export const decodeContext = (now: number, fields: Partial<DecodeContext> = {}): DecodeContext => ({
  uniqueId: null,
  state: new Map(),
  now,
  transport: 'tcp',
  ...fields,
});

/** A text protocol's frame as the device's bytes. */
export const latin1 = (text: string): Buffer => Buffer.from(text, 'latin1');
