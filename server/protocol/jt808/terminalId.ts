/**
 * The terminal id in a JT808 header and the identifiers a server stores for it. The id is the
 * SIM's phone number in BCD (12 digits in 2013, 20 in 2019). Some trackers put their IMEI there
 * instead, as a 48-bit binary number without its check digit; that id is not BCD and is read as
 * the 15-digit IMEI. As Traccar stores it, a device is found under the id without its leading
 * zeros first (`013912345678` → `13912345678`), then under the id as read.
 */

/** The id as read: its BCD digits, or the IMEI with its Luhn digit when the bytes are not BCD. */
export function terminalIdText(id: Buffer): string {
  const text = id.toString('hex');
  if (/^\d+$/.test(text)) return text;
  // The IMEI form uses the first six bytes, as the 2013 header has them.
  const imei = id.readUIntBE(0, 6);
  return `${imei}${luhnDigit(imei)}`;
}

/** The identifiers to look the device up by, best first. */
export function terminalIdentifiers(id: Buffer): string[] {
  const read = terminalIdText(id);
  const stripped = stripLeadingZeros(read);
  return stripped === read ? [read] : [stripped, read];
}

/** Leading zeros off, keeping one digit of an all-zero id. */
export function stripLeadingZeros(text: string): string {
  const stripped = text.replace(/^0+/, '');
  return stripped === '' ? text.slice(-1) : stripped;
}

/** The Luhn check digit of a number (an IMEI's 15th digit). */
export function luhnDigit(value: number): number {
  let sum = 0;
  let remain = value;
  for (let i = 0; remain > 0; i++) {
    let digit = remain % 10;
    if (i % 2 === 0) {
      digit *= 2;
      if (digit >= 10) digit = 1 + (digit % 10);
    }
    sum += digit;
    remain = Math.floor(remain / 10);
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * The header id bytes for a stored identifier, when no frame of the device told them: digits
 * padded with zeros to the header's length in BCD, or a 15-digit IMEI in its binary form. Null
 * for an identifier a JT808 header cannot carry.
 */
export function terminalIdBytes(uniqueId: string, versioned: boolean): Buffer | null {
  if (!/^\d+$/.test(uniqueId)) return null;
  const digits = versioned ? 20 : 12;
  if (uniqueId.length <= digits) return Buffer.from(uniqueId.padStart(digits, '0'), 'hex');
  if (!versioned && uniqueId.length === 15) {
    const imei = Number(uniqueId.slice(0, 14));
    const id = Buffer.alloc(6);
    id.writeUIntBE(imei, 0, 6);
    return id;
  }
  return null;
}
