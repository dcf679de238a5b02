/** Names every part of the Queclink @Track protocol shares. */

/** Traccar's name for the protocol, stored as `position.protocol`. */
export const PROTOCOL = 'gl200';

/** Connection state: the model the device's protocol version named (for its default password). */
export const MODEL_KEY = 'gl200.model';
/** Connection state: the last command serial number the server used. */
export const SERIAL_KEY = 'gl200.serial';

/** `YYYYMMDDHHMMSS` (UTC, as every @Track time field) as epoch ms; null when not a real time. */
export function parseTime(text: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) {
    return null;
  }
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

/** Epoch ms as `YYYYMMDDHHMMSS` (UTC). */
export function formatTime(time: number): string {
  return new Date(time).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** Four upper-case hex digits, the form of count and serial numbers. */
export const hex4 = (value: number): string =>
  (value & 0xffff).toString(16).toUpperCase().padStart(4, '0');
