import type { CellTower } from '../../../model';
import { parseTime } from './constants';

/**
 * The location block of the text reports. Every position-bearing @Track report carries it, once
 * or `<Number>` times in a row:
 *
 *   <GPS accuracy>,<speed km/h>,<azimuth>,<altitude>,<longitude>,<latitude>,<GPS UTC time>,
 *   <MCC>,<MNC>,<LAC hex>,<cell id hex>,<reserved | append mask | odometer>
 *
 * What comes before it (device name, power, report type, number…) and after it (mileage, hour
 * meter, battery, device status…) differs per message and per firmware, so a report is read by
 * finding its block and reading the fields around it, not by a fixed index per model.
 */

export interface Fix {
  /** GPS accuracy (HDOP); 0 is "no fix now, last known position". */
  hdop: number | null;
  speedKph: number;
  course: number;
  altitude: number;
  longitude: number;
  latitude: number;
  time: number;
}

export interface Block {
  /** Index of the block's first field. */
  start: number;
  /** Index after the block (and the fields its append mask announced). */
  end: number;
  /** Null when the GPS fields are empty. */
  fix: Fix | null;
  hdop: number | null;
  cell: CellTower | null;
  /** Kilometres, where the last field of the block is a mileage. */
  odometerKm?: number;
  satellites?: number;
  /** GSM signal (CSQ) of the battery models that put it in the block. */
  rssi?: number;
}

const HDOP = /^(\d{1,2}(\.\d)?)?$/;
const SPEED = /^(\d{1,3}\.\d)?$/;
const COURSE = /^(\d{1,3})?$/;
const ALTITUDE = /^(-?\d{1,5}(\.\d)?)?$/;
const LONGITUDE = /^(-?\d{1,3}\.\d{6})?$/;
const LATITUDE = /^(-?\d{1,2}\.\d{6})?$/;
const TIME = /^(\d{14})?$/;
const MCC = /^\d{1,4}$/;
const HEX = /^[0-9A-Fa-f]{1,8}$/;
const LAST = /^(\d+(\.\d+)?)?$/;
const DECIMAL = /^\d+\.\d+$/;
/** An append mask: bit 0 adds a satellites field, bit 1 a trigger type field. */
const APPEND_MASK = /^0[0-3]$/;

export interface BlockOptions {
  /** Read the cell and last fields too (12 fields); otherwise only the 7 GPS fields. */
  full: boolean;
  /** Only a block with coordinates. */
  requireFix: boolean;
  /** The model, for the one whose block holds two more signal fields. */
  model: string;
}

/** The block starting at `i`, or null when the fields there are not one. */
export function readBlock(v: readonly string[], i: number, end: number, options: BlockOptions) {
  if (i < 0 || i + 7 > end) return null;
  const [hdop, speed, course, altitude, lon, lat, time] = v.slice(i, i + 7);
  if (
    !HDOP.test(hdop) ||
    !SPEED.test(speed) ||
    !COURSE.test(course) ||
    !ALTITUDE.test(altitude) ||
    !LONGITUDE.test(lon) ||
    !LATITUDE.test(lat) ||
    !TIME.test(time)
  ) {
    return null;
  }
  const present = [lon, lat, time].filter((field) => field !== '').length;
  if (present !== 0 && present !== 3) return null;
  const fixTime = present === 3 ? parseTime(time) : null;
  if (present === 3 && fixTime === null) return null;
  if (options.requireFix && fixTime === null) return null;

  const hdopValue = hdop === '' ? null : Number(hdop);
  const block: Block = {
    start: i,
    end: i + 7,
    hdop: hdopValue,
    cell: null,
    fix:
      fixTime === null
        ? null
        : {
            hdop: hdopValue,
            speedKph: speed === '' ? 0 : Number(speed),
            course: course === '' ? 0 : Number(course),
            altitude: altitude === '' ? 0 : Number(altitude),
            longitude: Number(lon),
            latitude: Number(lat),
            time: fixTime,
          },
  };
  if (!options.full) return block;

  if (i + 12 > end) return null;
  const [mcc, mnc, lac, cid, last] = v.slice(i + 7, i + 12);
  const cellEmpty = mcc === '' && mnc === '' && lac === '' && cid === '';
  // MCC and MNC are three decimal digits at most (sent with a leading zero).
  const cellValid =
    MCC.test(mcc) &&
    MCC.test(mnc) &&
    Number(mcc) <= 999 &&
    Number(mnc) <= 999 &&
    HEX.test(lac) &&
    HEX.test(cid);
  if (!cellEmpty && !cellValid) return null;
  if (!LAST.test(last)) return null;
  if (cellValid) {
    const tower: CellTower = {
      mobileCountryCode: Number(mcc),
      mobileNetworkCode: Number(mnc),
      locationAreaCode: parseInt(lac, 16),
      cellId: parseInt(cid, 16),
    };
    // All zeros is what a device without registration sends.
    if (tower.mobileCountryCode! > 0 || tower.locationAreaCode! > 0 || tower.cellId! > 0) {
      block.cell = tower;
    }
  }
  block.end = i + 12;

  let mask = last;
  if (options.model === 'GL500M') {
    // The GL500M puts its CSQ signal and bit error rate where others have the reserved field,
    // and its append mask after them.
    if (last !== '') block.rssi = Number(last);
    if (i + 14 > end) return block;
    mask = v[i + 13];
    block.end = i + 14;
  }
  if (DECIMAL.test(mask)) {
    block.odometerKm = Number(mask);
  } else if (APPEND_MASK.test(mask)) {
    const bits = Number(mask);
    if (bits & 1 && block.end < end) {
      const satellites = v[block.end++];
      if (/^\d{1,2}$/.test(satellites)) block.satellites = Number(satellites);
    }
    if (bits & 2 && block.end < end) block.end++;
  }
  return block;
}

export interface Blocks {
  blocks: Block[];
  /** Index of the `<Number>` field before the first block, or -1 when there is none. */
  numberIndex: number;
}

/**
 * Finds a report's location blocks in `v[from, end)`. The first block is the first place the
 * fields read as one, tried strictest first: a whole block with a fix (after a `<Number>` field
 * when the report has one), then a whole block without a fix, then the GPS fields alone. Further
 * blocks follow the first one back to back, as many as `<Number>` says and as long as they read.
 */
export function findBlocks(
  v: readonly string[],
  from: number,
  end: number,
  model: string,
  options: { numbered: boolean; allowEmpty: boolean },
): Blocks {
  const numberAt = (i: number) => /^\d{1,2}$/.test(v[i - 1] ?? '') && Number(v[i - 1]) >= 1;
  const attempts: { full: boolean; requireFix: boolean; numbered: boolean }[] = [
    { full: true, requireFix: true, numbered: options.numbered },
    { full: true, requireFix: false, numbered: options.numbered },
    { full: true, requireFix: true, numbered: false },
    { full: true, requireFix: false, numbered: false },
    { full: false, requireFix: true, numbered: false },
  ];
  for (const attempt of attempts) {
    if (!attempt.requireFix && !options.allowEmpty) continue;
    for (let i = from; i + 7 <= end; i++) {
      if (attempt.numbered && !numberAt(i)) continue;
      const first = readBlock(v, i, end, { ...attempt, model });
      if (!first) continue;
      const blocks = [first];
      const numberIndex = numberAt(i) ? i - 1 : -1;
      const count = numberIndex >= 0 ? Number(v[numberIndex]) : 1;
      while (blocks.length < count && attempt.full) {
        const next = readBlock(v, blocks[blocks.length - 1].end, end, {
          full: true,
          requireFix: false,
          model,
        });
        if (!next) break;
        blocks.push(next);
      }
      return { blocks, numberIndex };
    }
  }
  return { blocks: [], numberIndex: -1 };
}

/** `HHHHH:MM:SS` (or fewer parts) as milliseconds. */
export function parseHours(text: string): number | null {
  const m = /^(\d+)(?::(\d{1,2}))?(?::(\d{1,2}))?$/.exec(text);
  if (!m || !text.includes(':')) return null;
  return (Number(m[1]) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0)) * 1000;
}
