/**
 * A device message as the live protocol logs show it, Traccar's way: text with CR and LF written
 * `\r` and `\n` when every byte is printable ASCII, else lower-case hex; cut at `maxChars` with
 * `…` so one record stays small whatever the message.
 */
export function logData(bytes: Buffer, maxChars = 4096): string {
  const text = isPrintable(bytes)
    ? bytes.toString('latin1').replace(/\r/g, '\\r').replace(/\n/g, '\\n')
    : bytes.toString('hex');
  return text.length > maxChars ? `${text.slice(0, maxChars)}…` : text;
}

/** Traccar's rule: no control byte but CR and LF, and nothing beyond ASCII. */
function isPrintable(bytes: Buffer): boolean {
  for (const b of bytes) {
    if ((b < 32 && b !== 13 && b !== 10) || b > 127) return false;
  }
  return true;
}
