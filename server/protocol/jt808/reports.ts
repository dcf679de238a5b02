import type { DecodedPosition } from '../../processing/types';
import { Reader } from '../shared/bytes';
import { FrameError } from '../shared/definition';
import { newPosition } from '../shared/position';
import type { Handler, Incoming } from './handler';
import { trimmed } from './itemTypes';
import { decodeLocation, PROTOCOL, readTime } from './location';
import { MSG } from './messages';
import { platformFrame } from './session';
import { terminalIdText } from './terminalId';
import { decodeTransparent } from './transparent';

/**
 * The messages a terminal sends on its own: registration (answered 0x8100 with the
 * authentication code), authentication, heartbeats, location reports and batches, its
 * attributes, driver cards, transparent data, a time request (answered 0x8109), and the vendor
 * variants Traccar reads. Each is acknowledged with the platform general response unless it has
 * an answer of its own.
 */

/**
 * 0x0704: a count, a type (0 regular, 1 recorded while offline), then location bodies each after
 * its 16-bit length; the vendor batch 0x0210 has only the bodies, after 8-bit lengths. A record
 * that cannot be read is left out so the others are stored and the batch is acknowledged,
 * instead of the device sending the same batch forever.
 */
function decodeBatch({ body, now }: Incoming, standard: boolean): DecodedPosition[] {
  let archived = false;
  if (standard) {
    body.skip(2);
    archived = body.u8() > 0;
  }
  const positions: DecodedPosition[] = [];
  while (body.remaining >= (standard ? 2 : 1)) {
    const length = standard ? body.u16() : body.u8();
    const start = body.position;
    body.skip(length);
    try {
      const { position } = decodeLocation(new Reader(body.buffer, start, start + length), now);
      if (archived) position.attributes.archive = true;
      positions.push(position);
    } catch (error) {
      if (!(error instanceof FrameError)) throw error;
    }
  }
  return positions;
}

export const REPORT_HANDLERS: readonly (readonly [number, Handler])[] = [
  [
    MSG.register,
    (incoming) => {
      // Result 0 and the authentication code the terminal sends back in 0x0102: the terminal id
      // as read, as Traccar issues it.
      const { message, state } = incoming;
      const code = Buffer.from(terminalIdText(message.id), 'latin1');
      const body = Buffer.alloc(3 + code.length);
      body.writeUInt16BE(message.serial, 0);
      code.copy(body, 3);
      return { reply: platformFrame(state, message, MSG.registerResponse, body) };
    },
  ],
  [MSG.auth, () => ({ ack: true })],
  [MSG.logout, () => ({ ack: true })],
  [MSG.heartbeat2, () => ({ ack: true })],
  [MSG.timezoneSync, () => ({ ack: true })],
  [MSG.photo, () => ({ ack: true })],
  [
    MSG.heartbeat,
    ({ body, now }) => {
      // Some trackers add their battery, signal and a status byte to the heartbeat.
      if (body.remaining < 3) return { ack: true };
      const position = newPosition(PROTOCOL, now);
      position.attributes.batteryLevel = body.u8();
      position.attributes.rssi = body.u8();
      position.attributes.status = body.u8();
      return { ack: true, positions: [position] };
    },
  ],
  [
    MSG.location,
    ({ body, now }) => ({ ack: true, positions: [decodeLocation(body, now).position] }),
  ],
  [MSG.locationBatch, (incoming) => ({ ack: true, positions: decodeBatch(incoming, true) })],
  [
    MSG.locationBatch2,
    (incoming) => {
      const { body, now } = incoming;
      if (body.remaining !== 7) return { ack: true, positions: decodeBatch(incoming, false) };
      const position = newPosition(PROTOCOL, now);
      position.attributes.batteryLevel = body.u8();
      position.deviceTime = readTime(body, now);
      return { ack: true, positions: [position] };
    },
  ],
  [
    MSG.attributes,
    ({ message, body, now }) => {
      // Terminal type, manufacturer, model and terminal id (wider in 2019), then the SIM's ICCID.
      body.skip(2 + 5 + (message.version === null ? 20 + 7 : 30 + 30));
      const position = newPosition(PROTOCOL, now);
      position.attributes.iccid = body.bytes(10).toString('hex');
      return { ack: true, positions: [position] };
    },
  ],
  [
    MSG.timeSyncRequest,
    ({ message, state, now }) => {
      const date = new Date(now);
      const body = Buffer.from([
        0,
        0,
        date.getUTCMonth() + 1,
        date.getUTCDate(),
        date.getUTCHours(),
        date.getUTCMinutes(),
        date.getUTCSeconds(),
        0,
      ]);
      body.writeUInt16BE(date.getUTCFullYear(), 0);
      return { reply: platformFrame(state, message, MSG.timeSyncResponse, body) };
    },
  ],
  [
    MSG.driverIdentity,
    ({ body, now }) => {
      // The card's status (1 inserted, 2 removed) and when; an inserted card's reading follows.
      const position = newPosition(PROTOCOL, now);
      const status = body.u8();
      position.attributes.cardStatus = status;
      position.deviceTime = readTime(body, now);
      if (status === 1) {
        position.attributes.cardResult = body.u8();
        position.attributes.driver = body.text(body.u8());
        position.attributes.cardCode = trimmed(body.text(20));
        position.attributes.cardAgency = body.text(body.u8());
        position.attributes.cardValidity = body.bytes(4).toString('hex');
      }
      return { ack: true, positions: [position] };
    },
  ],
  [
    MSG.transparent,
    ({ body, now }) => {
      const position = decodeTransparent(body, now);
      return { ack: true, positions: position ? [position] : [] };
    },
  ],
  [
    MSG.acceleration,
    ({ body, now }) => {
      // Samples of a time and three signed axes.
      const samples: string[] = [];
      while (body.remaining >= 12) {
        body.skip(6);
        const axis = () => {
          const value = body.u16();
          return value & 0x8000 ? -(value & 0x7fff) : value;
        };
        samples.push(`[${axis()},${axis()},${axis()}]`);
      }
      const position = newPosition(PROTOCOL, now);
      position.attributes.gSensor = `[${samples.join(',')}]`;
      return { positions: [position] };
    },
  ],
];
