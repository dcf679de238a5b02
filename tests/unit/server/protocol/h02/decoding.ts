import { expect } from 'vitest';
import { h02 } from '../../../../../server/protocol/h02';
import type { DecodeContext, DecodeResult } from '../../../../../server/protocol/shared/definition';
import { fromHex } from '../../../../../server/protocol/shared/bytes';

/** Shared by the H02 decoding tests: one frame decoded on a fresh connection at a fixed time. */

export const NOW = Date.UTC(2025, 5, 14, 10, 20, 30);
export const STAMP = '20250614102030';

export function context(transport: 'tcp' | 'udp' = 'tcp'): DecodeContext {
  return { uniqueId: null, state: new Map(), now: NOW, transport };
}

export const decodeText = (text: string): DecodeResult =>
  h02.decode(Buffer.from(text, 'latin1'), context());
export const decodeHex = (data: string): DecodeResult => h02.decode(fromHex(data), context());

export function only(result: DecodeResult) {
  expect(result.positions).toHaveLength(1);
  return result.positions![0];
}
