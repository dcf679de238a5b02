import type { DecodedPosition } from '../../processing/types';
import { FrameError } from '../shared/definition';
import { addCellTower } from '../shared/position';
import { applyStatus } from './fix';

/**
 * Cell reports without a fix. `BZ00,<mcc>,<mnc>,<lac hex>,<cid hex>,…` names the serving cell
 * first (neighbours follow in layouts that differ by firmware, so only the first is read, as
 * Traccar does). Login and `BZ00` frames of some units list cells instead as `{mcc,mnc,lac,cid}`
 * lines (decimal), then the 8-character status.
 */

const DECIMAL = /^\d{1,10}$/;
const HEX = /^[0-9a-f]{1,8}$/i;

/** `BZ00,<mcc>,<mnc>,<lac>,<cid>,…`: the serving cell. */
export function applyServingCell(position: DecodedPosition, data: string): void {
  const [, mcc, mnc, lac, cid] = data.split(',');
  if (
    !DECIMAL.test(mcc ?? '') ||
    !DECIMAL.test(mnc ?? '') ||
    !HEX.test(lac ?? '') ||
    !HEX.test(cid ?? '')
  ) {
    throw new FrameError(`not a cell: ${data.slice(0, 40)}`);
  }
  addCellTower(position, {
    mobileCountryCode: Number(mcc),
    mobileNetworkCode: Number(mnc),
    locationAreaCode: parseInt(lac ?? '', 16),
    cellId: parseInt(cid ?? '', 16),
  });
}

/** The `{mcc,mnc,lac,cid}` cell list and the status after it. */
export function applyCellList(position: DecodedPosition, data: string): void {
  for (const [, body] of data.matchAll(/\{([^}]*)\}/g)) {
    const values = (body ?? '').split(',');
    if (values.length !== 4 || !values.every((value) => DECIMAL.test(value))) {
      throw new FrameError(`not a cell: {${body}}`);
    }
    const [mcc, mnc, lac, cid] = values.map(Number) as [number, number, number, number];
    addCellTower(position, {
      mobileCountryCode: mcc,
      mobileNetworkCode: mnc,
      locationAreaCode: lac,
      cellId: cid,
    });
  }
  // The eight characters after the list read like the status of a position report.
  const status = /,([01][01][0-9A-F]{6})$/i.exec(data)?.[1];
  if (status) applyStatus(position.attributes, status);
}
