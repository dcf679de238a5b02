/**
 * The checksums the device protocols use. Each is named by its catalogue name (the "CRC RevEng"
 * names) so a protocol document's description maps to one function.
 */

function crc16Table(polynomial: number, reflected: boolean): Uint16Array {
  const table = new Uint16Array(256);
  for (let i = 0; i < 256; i++) {
    let crc = reflected ? i : i << 8;
    for (let bit = 0; bit < 8; bit++) {
      if (reflected) crc = crc & 1 ? (crc >>> 1) ^ polynomial : crc >>> 1;
      else crc = crc & 0x8000 ? ((crc << 1) ^ polynomial) & 0xffff : (crc << 1) & 0xffff;
    }
    table[i] = crc;
  }
  return table;
}

/** Reflected CRC-16 with polynomial 0x1021 (reversed 0x8408). */
const REFLECTED_1021 = crc16Table(0x8408, true);
/** Reflected CRC-16 with polynomial 0x8005 (reversed 0xA001). */
const REFLECTED_8005 = crc16Table(0xa001, true);
/** CRC-16 with polynomial 0x1021, not reflected. */
const NORMAL_1021 = crc16Table(0x1021, false);

function reflected(
  table: Uint16Array,
  init: number,
  bytes: Uint8Array,
  start: number,
  end: number,
) {
  let crc = init;
  for (let i = start; i < end; i++) crc = (crc >>> 8) ^ table[(crc ^ bytes[i]) & 0xff];
  return crc;
}

/** CRC-16/X-25 (GT06 and its clones): poly 0x1021 reflected, init and xorout 0xFFFF. */
export function crc16X25(bytes: Uint8Array, start = 0, end = bytes.length): number {
  return (reflected(REFLECTED_1021, 0xffff, bytes, start, end) ^ 0xffff) & 0xffff;
}

/** CRC-16/ARC, also called CRC-16/IBM (Teltonika): poly 0x8005 reflected, init 0. */
export function crc16Arc(bytes: Uint8Array, start = 0, end = bytes.length): number {
  return reflected(REFLECTED_8005, 0, bytes, start, end);
}

/** CRC-16/MODBUS: poly 0x8005 reflected, init 0xFFFF. */
export function crc16Modbus(bytes: Uint8Array, start = 0, end = bytes.length): number {
  return reflected(REFLECTED_8005, 0xffff, bytes, start, end);
}

/** CRC-16/KERMIT (CCITT, reflected, init 0). */
export function crc16Kermit(bytes: Uint8Array, start = 0, end = bytes.length): number {
  return reflected(REFLECTED_1021, 0, bytes, start, end);
}

/** CRC-16/IBM-3740, often called CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, not reflected. */
export function crc16CcittFalse(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0xffff;
  for (let i = start; i < end; i++)
    crc = ((crc << 8) & 0xffff) ^ NORMAL_1021[((crc >>> 8) ^ bytes[i]) & 0xff];
  return crc;
}

/** CRC-16/XMODEM: poly 0x1021, init 0, not reflected. */
export function crc16Xmodem(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let crc = 0;
  for (let i = start; i < end; i++)
    crc = ((crc << 8) & 0xffff) ^ NORMAL_1021[((crc >>> 8) ^ bytes[i]) & 0xff];
  return crc;
}

/** XOR of the bytes (JT/T 808's check code, NMEA's checksum). */
export function xor8(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let sum = 0;
  for (let i = start; i < end; i++) sum ^= bytes[i];
  return sum;
}

/** The low byte of the bytes' sum. */
export function sum8(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let sum = 0;
  for (let i = start; i < end; i++) sum = (sum + bytes[i]) & 0xff;
  return sum;
}
