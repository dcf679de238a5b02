import { CODEC } from './codec';

/**
 * Builds AVL records and packet data the way a device does (codec 8, 8 Extended or 16): what the
 * simulated device sends and what the tests build their frames from.
 */

export interface IoValue {
  id: number;
  /** 1, 2, 4 or 8 bytes. */
  width: 1 | 2 | 4 | 8;
  /** An unsigned number (two's complement for negatives), or the exact bytes. */
  value: number | bigint | Buffer;
}

export interface AvlRecord {
  /** Epoch ms. */
  time: number;
  priority?: number;
  latitude: number;
  longitude: number;
  altitude?: number;
  course?: number;
  satellites: number;
  /** km/h, as the device sends it. */
  speedKph: number;
  /** The IO id that caused the record; 0 for a periodic one. */
  event?: number;
  /** Codec 16's generation type. */
  generation?: number;
  io?: readonly IoValue[];
  /** Codec 8 Extended's variable-length elements. */
  variable?: readonly { id: number; value: Buffer }[];
}

class ByteWriter {
  private readonly parts: Buffer[] = [];

  number(value: number | bigint, width: number): this {
    const bytes = Buffer.alloc(width);
    if (width === 8) bytes.writeBigUInt64BE(BigInt.asUintN(64, BigInt(value)));
    else bytes.writeUIntBE(Number(BigInt.asUintN(width * 8, BigInt(value))), 0, width);
    this.parts.push(bytes);
    return this;
  }

  bytes(value: Buffer): this {
    this.parts.push(value);
    return this;
  }

  done(): Buffer {
    return Buffer.concat(this.parts);
  }
}

/** One record's bytes. */
export function avlRecord(codec: number, record: AvlRecord): Buffer {
  const wideCounts = codec === CODEC.CODEC_8_EXT;
  const wideIds = wideCounts || codec === CODEC.CODEC_16;
  const countWidth = wideCounts ? 2 : 1;
  const idWidth = wideIds ? 2 : 1;
  const io = record.io ?? [];
  const variable = record.variable ?? [];
  const tooWide = io.find((element) => element.id >= 2 ** (8 * idWidth));
  if (tooWide) throw new Error(`IO id ${tooWide.id} does not fit codec 0x${codec.toString(16)}`);

  const out = new ByteWriter()
    .number(Math.round(record.time), 8)
    .number(record.priority ?? 0, 1)
    .number(Math.round(record.longitude * 1e7), 4)
    .number(Math.round(record.latitude * 1e7), 4)
    .number(Math.round(record.altitude ?? 0), 2)
    .number(Math.round(record.course ?? 0), 2)
    .number(record.satellites, 1)
    .number(Math.round(record.speedKph), 2)
    .number(record.event ?? 0, idWidth);
  if (codec === CODEC.CODEC_16) out.number(record.generation ?? 0, 1);
  out.number(io.length + (wideCounts ? variable.length : 0), countWidth);
  for (const width of [1, 2, 4, 8]) {
    const group = io.filter((element) => element.width === width);
    out.number(group.length, countWidth);
    for (const element of group) {
      out.number(element.id, idWidth);
      if (Buffer.isBuffer(element.value)) out.bytes(element.value);
      else out.number(element.value, width);
    }
  }
  if (wideCounts) {
    out.number(variable.length, 2);
    for (const element of variable) {
      out.number(element.id, 2).number(element.value.length, 2).bytes(element.value);
    }
  }
  return out.done();
}

/** Packet data: codec, record count, the records, the count again. */
export function avlData(codec: number, records: readonly Buffer[]): Buffer {
  const count = Buffer.from([records.length]);
  return Buffer.concat([Buffer.from([codec]), count, ...records, count]);
}
