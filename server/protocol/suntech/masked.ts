import type { CellTower } from '../../../model';
import type { AlarmKey } from '../../../model/alarm';
import type { DecodedPosition } from '../../processing/types';
import { addAlarm, addCellTower, newPosition } from '../shared/position';
import { PROTOCOL } from './fields';
import { fixPosition } from './report';

/**
 * The universal protocol (ST4300, ST4340, ST4500, ST300 series on universal firmware) sends a
 * field mask with every report: bit N set means field N follows. Text and binary reports share
 * the numbering; each reader fills a `MaskedReport` and this turns it into a position.
 *
 * Bits: 0 device id, 1 model, 2 software version, 3 live (1) or from memory (0), 4 date, 5 time,
 * 6 cell id, 7 MCC, 8 MNC, 9 LAC, 10 rx level, 11 latitude, 12 longitude, 13 speed (km/h),
 * 14 course, 15 satellites, 16 fix, 17 inputs, 18 outputs, 19–21 mode/reason/message number
 * (alert id/modifier/data in alerts), 22 reserved, 23 the mask of the assigned fields that follow.
 */
export interface MaskedReport {
  attributes: Record<string, unknown>;
  time?: number;
  cell: CellTower;
  latitude?: number;
  longitude?: number;
  speed?: number;
  course?: number;
  valid?: boolean;
  /** An alert's code (bit 19 of alerts). */
  alert?: number;
  alarm?: AlarmKey;
}

export const hasBit = (mask: number, bit: number): boolean => Math.floor(mask / 2 ** bit) % 2 === 1;

export function emptyReport(): MaskedReport {
  return { attributes: {}, cell: {} };
}

/** Inputs: bit 0 is the ignition. */
export function setInputs(report: MaskedReport, input: number): void {
  report.attributes.ignition = hasBit(input, 0);
  report.attributes.input = input;
}

export function toPosition(report: MaskedReport, now: number): DecodedPosition {
  const time = report.time ?? now;
  let position: DecodedPosition;
  if (report.latitude !== undefined && report.longitude !== undefined) {
    position = fixPosition({
      time,
      valid: report.valid ?? false,
      latitude: report.latitude,
      longitude: report.longitude,
      speed: report.speed ?? 0,
      course: report.course ?? 0,
    });
  } else {
    position = newPosition(PROTOCOL, time);
  }
  // A cell id of 0 is the modem reporting no serving cell.
  if (report.cell.cellId) addCellTower(position, report.cell);
  Object.assign(position.attributes, report.attributes);
  addAlarm(position, report.alarm);
  return position;
}
