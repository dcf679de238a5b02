import type { DecodedPosition } from '../../../../../server/processing/types';
import { suntech } from '../../../../../server/protocol/suntech';
import type { DecodeResult } from '../../../../../server/protocol/shared/definition';

/** Shared by the Suntech test files: decoding one frame on a connection of its own (or `state`). */

export const NOW = Date.UTC(2024, 5, 1, 12, 0, 0);

export function decode(frame: string | Buffer, state = new Map<string, unknown>()): DecodeResult {
  const bytes = typeof frame === 'string' ? Buffer.from(frame, 'latin1') : frame;
  return suntech.decode(bytes, { uniqueId: null, state, now: NOW, transport: 'tcp' });
}

/** The frame's one position. */
export function position(frame: string | Buffer, state?: Map<string, unknown>): DecodedPosition {
  const result = decode(frame, state);
  if (result.positions?.length !== 1) {
    throw new Error(`expected one position, got ${result.positions?.length ?? 0}`);
  }
  return result.positions[0];
}

export const kph = (knots: number): number => knots * 1.852;
