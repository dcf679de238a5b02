import type { CellTower } from '../../../model';
import type { DecodedPosition } from '../../processing/types';
import type { DecodeResult } from '../shared/definition';
import { addCellTower, newPosition } from '../shared/position';
import { type Fields, PROTOCOL, dateTime, decimal, integer } from './fields';
import { fixPosition, identified, located } from './report';

/**
 * The ST410/ST419 asset trackers: `ST41xSTT;<device id>;<sw ver>;<model>;[<variant>;]` then seven
 * cells (`<cid>;<mcc>;<mnc>;<lac>;<rx level>;<timing advance>`, the serving cell's rx level
 * before its LAC), `<battery V>;<1 live / 0 from memory>;<message number>;<mode>;…` and, when GPS
 * found a fix, `<date>;<time>;<lat>;<lon>;<speed>;<course>;<sat>;<fix>`. Model 41 (ST419) adds a
 * variant after the model and temperature and motion before the fix.
 */

const CELLS = 7;
const MODEL_WITH_SENSORS = 41;

export function decodeSt4xx(type: string, fields: Fields, now: number): DecodeResult {
  const id = fields.next('device id');
  if (type !== 'STT' && type !== 'ALT') return identified(id);

  const versionFw = fields.next('software version');
  const model = integer(fields.next('model'), 'model');
  if (model === MODEL_WITH_SENSORS) fields.next('variant');

  const towers: CellTower[] = [];
  for (let i = 0; i < CELLS; i++) {
    const cellId = integer(fields.next('cell id'), 'cell id');
    const mobileCountryCode = integer(fields.next('MCC'), 'MCC');
    const mobileNetworkCode = integer(fields.next('MNC'), 'MNC');
    let locationAreaCode: number;
    let signalStrength: number;
    if (i === 0) {
      signalStrength = integer(fields.next('rx level'), 'rx level');
      locationAreaCode = integer(fields.next('LAC'), 'LAC');
    } else {
      locationAreaCode = integer(fields.next('LAC'), 'LAC');
      signalStrength = integer(fields.next('rx level'), 'rx level');
    }
    fields.next('timing advance');
    if (cellId > 0) {
      towers.push({
        cellId,
        mobileCountryCode,
        mobileNetworkCode,
        locationAreaCode,
        signalStrength,
      });
    }
  }

  const battery = decimal(fields.next('battery voltage'), 'battery voltage');
  const live = fields.next('message type') !== '0';
  const index = integer(fields.next('message number'), 'message number');
  const status = integer(fields.next('mode'), 'mode');

  let value = fields.next('date');
  // A three-character field here is the collaborative-network flag some firmware adds.
  if (value.length === 3) value = fields.next('date');
  let motion: boolean | undefined;
  if (model === MODEL_WITH_SENSORS) {
    fields.next('temperature');
    motion = integer(fields.next('motion'), 'motion') === 2;
    value = fields.next('date');
  }

  let position: DecodedPosition;
  if (value === '') {
    // No GPS fix: the cells are all this report locates.
    position = newPosition(PROTOCOL, now);
  } else {
    const time = dateTime(value, fields.next('time'));
    const latitude = decimal(fields.next('latitude'), 'latitude');
    const longitude = decimal(fields.next('longitude'), 'longitude');
    const speed = decimal(fields.next('speed'), 'speed');
    const course = decimal(fields.next('course'), 'course');
    const satellites = integer(fields.next('satellites'), 'satellites');
    const valid = fields.next('fix') === '1';
    position = fixPosition({ time, valid, latitude, longitude, speed, course });
    position.attributes.sat = satellites;
  }
  for (const tower of towers) addCellTower(position, tower);
  const attributes = position.attributes;
  attributes.type = type;
  attributes.versionFw = versionFw;
  attributes.battery = battery;
  if (!live) attributes.archive = true;
  attributes.index = index;
  attributes.status = status;
  if (motion !== undefined) attributes.motion = motion;
  return located(id, position);
}
