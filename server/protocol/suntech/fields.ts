import { FrameError } from '../shared/definition';

/**
 * Reading Suntech's text reports: `;`-separated fields read in order, each parsed strictly so a
 * corrupt or misread field is a `FrameError` rather than a NaN stored on the device.
 */

/** The protocol name positions carry. */
export const PROTOCOL = 'suntech';

/** A cursor over the fields of one text report. */
export class Fields {
  /** Where the next field starts; past the end once the last field was read. */
  private at = 0;

  constructor(readonly text: string) {}

  /** Whether another field follows (an empty one after a trailing `;` counts). */
  get more(): boolean {
    return this.at <= this.text.length;
  }

  /** The next field; a report that ends early is a `FrameError`. */
  next(what = 'field'): string {
    const value = this.optional();
    if (value === undefined) throw new FrameError(`report ends before its ${what}`);
    return value;
  }

  /** The next field, or undefined at the end of the report. */
  optional(): string | undefined {
    if (!this.more) return undefined;
    const end = this.text.indexOf(';', this.at);
    const stop = end < 0 ? this.text.length : end;
    const value = this.text.slice(this.at, stop);
    this.at = stop + 1;
    return value;
  }

  /** Everything not read yet, as the report has it. */
  rest(): string {
    return this.more ? this.text.slice(this.at) : '';
  }

  /** The fields not read yet. */
  remaining(): string[] {
    const rest: string[] = [];
    for (let value = this.optional(); value !== undefined; value = this.optional()) {
      rest.push(value);
    }
    return rest;
  }

  /**
   * `length` bytes of serial data, which may hold `;`, CR and LF. The device escapes the bytes
   * 0x00 and 0x01 as 0x01 0x10 and 0x01 0x11, and `length` counts them unescaped. The data ends
   * the field: a `;` (or the end of the report) must follow it.
   */
  data(length: number): Buffer {
    const bytes: number[] = [];
    let at = this.at;
    while (bytes.length < length) {
      if (at >= this.text.length) throw new FrameError('serial data shorter than its length');
      const code = this.text.charCodeAt(at);
      if (code === 0x01 && at + 1 < this.text.length) {
        const escaped = this.text.charCodeAt(at + 1);
        if (escaped !== 0x10 && escaped !== 0x11) throw new FrameError('bad escape in serial data');
        bytes.push(escaped - 0x10);
        at += 2;
      } else {
        bytes.push(code & 0xff);
        at += 1;
      }
    }
    if (at < this.text.length && this.text[at] !== ';') {
      throw new FrameError('serial data longer than its length');
    }
    this.at = at + 1;
    return Buffer.from(bytes);
  }
}

export function integer(value: string, what = 'number'): number {
  if (!/^[+-]?\d{1,15}$/.test(value)) throw new FrameError(`bad ${what}: ${JSON.stringify(value)}`);
  return Number(value);
}

export function decimal(value: string, what = 'number'): number {
  if (!isDecimal(value)) throw new FrameError(`bad ${what}: ${JSON.stringify(value)}`);
  return Number(value);
}

export function isDecimal(value: string): boolean {
  return /^[+-]?(?:\d{1,15}(?:\.\d*)?|\.\d+)$/.test(value);
}

export function hexNumber(value: string, what = 'hex number'): number {
  if (!/^[0-9a-f]{1,12}$/i.test(value))
    throw new FrameError(`bad ${what}: ${JSON.stringify(value)}`);
  return Number.parseInt(value, 16);
}

/** `yyyymmdd` and `hh:mm:ss`, UTC as the devices send them, in epoch ms. */
export function dateTime(date: string, time: string): number {
  const d = /^(\d{4})(\d{2})(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) throw new FrameError(`bad date or time: ${date} ${time}`);
  return utc(Number(d[1]), Number(d[2]), Number(d[3]), Number(t[1]), Number(t[2]), Number(t[3]));
}

/** A calendar date and time checked field by field (Date.UTC would roll 32/13 over silently). */
export function utc(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
  second: number,
): number {
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) {
    throw new FrameError(`bad date: ${year}-${month}-${day} ${hour}:${minute}:${second}`);
  }
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** An iButton or RFID code of all zeros is the device saying no driver is identified. */
export function driverCode(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const code = value.trim();
  return code === '' || /^0+$/.test(code) ? undefined : code;
}
