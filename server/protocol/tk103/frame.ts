import { FrameError } from '../shared/definition';

/**
 * The envelope of a TK103 frame. Two layouts share the brackets:
 *
 * - the original one, fields run together: `(` 12-character device id, 4-character message type
 *   (`BP05`, `BR00`…), the message's data `)`; a few units send an 11-digit id;
 * - the comma-separated one (T580W and similar units, usually with a 15-digit IMEI):
 *   `(<id>,<type>,<field>,…)`.
 */

/** The connection's memory key: the unit speaks the comma-separated (T580W) dialect. */
export const SEPARATED_STATE = 'tk103.separated';

export interface Tk103Frame {
  id: string;
  /** The message type, `BP05`, `BR00`, `ZC11`, … */
  type: string;
  /** What follows the type (for the comma form, after its comma). */
  data: string;
  /** Whether the frame is comma-separated. */
  separated: boolean;
}

const TYPE = /^[A-Z]{2}[0-9A-Z]{2}$/;
const SEPARATED = /^(\d{1,20}),([A-Z]{2}[0-9A-Z]{2})(?:,([\s\S]*))?$/;
const DIGIT_ID = /^(\d{6,20})([A-Z]{2}[0-9A-Z]{2})([\s\S]*)$/;

export function parseFrame(text: string): Tk103Frame {
  // A datagram may come without its brackets or with a line break after them.
  let inner = text.trim();
  if (inner.startsWith('(')) inner = inner.slice(1);
  if (inner.endsWith(')')) inner = inner.slice(0, -1);

  const separated = SEPARATED.exec(inner);
  if (separated) {
    return {
      id: separated[1] ?? '',
      type: separated[2] ?? '',
      data: separated[3] ?? '',
      separated: true,
    };
  }
  const type = inner.slice(12, 16);
  if (inner.length >= 16 && TYPE.test(type) && !/[(),$]/.test(inner.slice(0, 12))) {
    return { id: inner.slice(0, 12), type, data: inner.slice(16), separated: false };
  }
  const digits = DIGIT_ID.exec(inner);
  if (digits) {
    return { id: digits[1] ?? '', type: digits[2] ?? '', data: digits[3] ?? '', separated: false };
  }
  throw new FrameError(`not a TK103 frame: ${inner.slice(0, 40)}`);
}
