import type { DecodedPosition } from '../../processing/types';
import type { Reader } from '../shared/bytes';

/**
 * One additional information item of a location report decodes into attributes of the position.
 * `item` is bounded by the item's declared length: an item shorter than its layout stops there
 * and the rest of the report is still read.
 */
export type ItemDecoder = (position: DecodedPosition, item: Reader, length: number) => void;

export type ItemTable = readonly (readonly [
  ids: number | readonly number[],
  decode: ItemDecoder,
])[];

/** Sets one attribute (attribute keys are Traccar's). */
export function set(position: DecodedPosition, key: string, value: unknown): void {
  position.attributes[key] = value;
}

/** The next `length` bytes as single-byte text. */
export function ascii(item: Reader, length: number): string {
  return item.text(length);
}

/** Text without the spaces, NULs and control bytes that pad fixed-width fields at either end. */
export function trimmed(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, '');
}

/** Whether every byte is printable ASCII. */
export function printable(bytes: Buffer): boolean {
  for (const byte of bytes) if (byte < 0x20 || byte > 0x7e) return false;
  return true;
}

/** A sign-magnitude 16-bit value (bit 15 is the sign). */
export function signMagnitude(value: number): number {
  return value & 0x8000 ? -(value & 0x7fff) : value;
}
