import type { DecodedPosition } from '../../processing/types';
import { addAlarm } from '../shared/position';

/**
 * The H02 `vehicle_status` word: four bytes, written as eight hex digits in text messages and as
 * four raw bytes in binary ones. The protocol document uses negative logic: a bit at 0 means the
 * condition is present. Bit 0 is the last byte's lowest bit.
 */

/** Bits as the protocol document names them (only those that become attributes). */
export const STATUS_BITS = {
  /** Fourth byte, bit 0: theft alarm (Traccar reports it as vibration). */
  theft: 0,
  /** Fourth byte, bit 1: robbery alarm (reported as SOS). */
  robbery: 1,
  /** Fourth byte, bit 2: overspeed alarm. */
  overspeed: 2,
  /** Third byte, bit 0: door open. */
  door: 8,
  /** Third byte, bit 2: ACC. Unlike the alarm bits, a set bit means ignition on. */
  acc: 10,
  /** Second byte, bit 2: SOS alarm state. */
  sos: 18,
  /** Second byte, bit 3: host powered by its backup battery (main power cut). */
  backupBattery: 19,
  /** First byte, bit 3: the vehicle is in the cut-off oil and engine state (relay closed). */
  cutOff: 27,
} as const;

/** A status word with nothing to report: every negative-logic bit at 1. */
export const STATUS_IDLE = 0xffffffff;

const isSet = (status: number, bit: number): boolean => ((status >>> bit) & 1) === 1;

/**
 * Applies a status word to a position. The alarms follow Traccar's reading of the word: one alarm
 * per message, the first present in the order theft, robbery or SOS, overspeed, power cut, so a
 * Traccar client raises the same events. `blocked` and `door` come from the protocol document's
 * table (the relay state an engine stop command sets, the door input).
 */
export function applyStatus(position: DecodedPosition, status: number): void {
  if (!isSet(status, STATUS_BITS.theft)) {
    addAlarm(position, 'vibration');
  } else if (!isSet(status, STATUS_BITS.robbery) || !isSet(status, STATUS_BITS.sos)) {
    addAlarm(position, 'sos');
  } else if (!isSet(status, STATUS_BITS.overspeed)) {
    addAlarm(position, 'overspeed');
  } else if (!isSet(status, STATUS_BITS.backupBattery)) {
    addAlarm(position, 'powerCut');
  }
  position.attributes.ignition = isSet(status, STATUS_BITS.acc);
  position.attributes.blocked = !isSet(status, STATUS_BITS.cutOff);
  position.attributes.door = !isSet(status, STATUS_BITS.door);
  position.attributes.status = status;
}

/** The eight hex digits of a text message's status field, or null when the field is not one. */
export function parseStatus(field: string): number | null {
  return /^[0-9a-f]{8}$/i.test(field) ? Number.parseInt(field, 16) >>> 0 : null;
}

/** Builds a status word (for the simulator): the conditions to report cleared from all-ones. */
export function statusWord(conditions: {
  ignition?: boolean;
  blocked?: boolean;
  alarm?: string;
}): number {
  let status = STATUS_IDLE;
  const clear = (bit: number) => {
    status = (status & ~(1 << bit)) >>> 0;
  };
  if (!conditions.ignition) clear(STATUS_BITS.acc);
  if (conditions.blocked) clear(STATUS_BITS.cutOff);
  switch (conditions.alarm) {
    case 'vibration':
      clear(STATUS_BITS.theft);
      break;
    case 'sos':
      clear(STATUS_BITS.sos);
      break;
    case 'overspeed':
      clear(STATUS_BITS.overspeed);
      break;
    case 'powerCut':
      clear(STATUS_BITS.backupBattery);
      break;
  }
  return status;
}

/** A status word as a text message writes it. */
export const formatStatus = (status: number): string =>
  (status >>> 0).toString(16).toUpperCase().padStart(8, '0');
