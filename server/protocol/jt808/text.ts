/**
 * Text in JT808 bodies is GBK (the standard's Chinese character set; plain ASCII is the same
 * bytes). Node decodes GBK through its ICU data but has no GBK encoder, so the encoder's table is
 * built once, from the decoder, the first time a command carries a non-ASCII character.
 */

const GBK = new TextDecoder('gbk');

export function decodeGbk(bytes: Buffer): string {
  return GBK.decode(bytes);
}

let encodeTable: Map<string, number> | null = null;

function table(): Map<string, number> {
  if (encodeTable) return encodeTable;
  const map = new Map<string, number>();
  const pair = Buffer.alloc(2);
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      pair[0] = lead;
      pair[1] = trail;
      const text = GBK.decode(pair);
      if (text.length === 1 && text !== '\ufffd' && !map.has(text))
        map.set(text, (lead << 8) | trail);
    }
  }
  encodeTable = map;
  return map;
}

/** GBK bytes of `text`; null when a character has no GBK code (the command cannot carry it). */
export function encodeGbk(text: string): Buffer | null {
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(text)) return Buffer.from(text, 'latin1');
  const codes = table();
  const bytes: number[] = [];
  for (const char of text) {
    const point = char.codePointAt(0) ?? 0;
    if (point < 0x80) {
      bytes.push(point);
      continue;
    }
    const code = codes.get(char);
    if (code === undefined) return null;
    bytes.push(code >> 8, code & 0xff);
  }
  return Buffer.from(bytes);
}

/** UTF-16 big-endian text (one vendor's command answers); an odd last byte is dropped. */
export function decodeUtf16be(bytes: Buffer): string {
  const even = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
  return even.swap16().toString('utf16le');
}
