import type { DecodeResult } from '../shared/definition';
import { addAlarm } from '../shared/position';
import { type Fields, dateTime, decimal, integer } from './fields';
import { fixPosition, identified, located } from './report';

/**
 * The ST910/ST940 personal trackers: `ST910;<Location|Emergency|Alert>;<device id>;[<sw ver>;]
 * <date>;<time>;[<cell>;]<lat>;<lon>;<speed>;<course>;<fix>;…`. Their firmware comes in two
 * layouts (Traccar picks one from a setting): the second adds the serving cell before the
 * coordinates and the distance after the fix, and drops the software version from alerts. Here
 * the layout is read from the report itself: a date where the version would be, a cell where the
 * latitude would be.
 */

const TYPES = new Set(['Location', 'Emergency', 'Alert']);

const DATE = /^\d{8}$/;
const COORDINATE = /^[+-]?\d+\.\d+$/;

export function decodeSt910(fields: Fields): DecodeResult {
  const type = fields.next('report type');
  const id = fields.next('device id');
  if (!TYPES.has(type)) return identified(id);

  let value = fields.next('date');
  const versionFw = DATE.test(value) ? undefined : value;
  if (versionFw !== undefined) value = fields.next('date');
  const time = dateTime(value, fields.next('time'));

  let latitudeField = fields.next('latitude');
  const withCell = !COORDINATE.test(latitudeField);
  if (withCell) latitudeField = fields.next('latitude');
  const latitude = decimal(latitudeField, 'latitude');
  const longitude = decimal(fields.next('longitude'), 'longitude');
  const speed = decimal(fields.next('speed'), 'speed');
  const course = decimal(fields.next('course'), 'course');
  const valid = fields.next('fix') === '1';

  const position = fixPosition({ time, valid, latitude, longitude, speed, course });
  if (versionFw !== undefined) position.attributes.versionFw = versionFw;
  if (withCell) {
    const odometer = fields.optional();
    if (odometer !== undefined) position.attributes.odometer = integer(odometer, 'distance');
  }
  // Traccar has no table for these devices' codes: an emergency or alert is a general alarm.
  if (type !== 'Location') addAlarm(position, 'general');
  return located(id, position);
}
