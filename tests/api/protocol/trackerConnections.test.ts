import dgram from 'node:dgram';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { gt06 } from '../../../server/protocol/gt06';
import { crc16Arc } from '../../../server/protocol/shared/checksum';
import type { SimulatedFix } from '../../../server/protocol/shared/definition';
import { teltonika } from '../../../server/protocol/teltonika';
import { CODEC, MESSAGE_TYPE } from '../../../server/protocol/teltonika/codec';
import { messageData, udpPacket } from '../../../server/protocol/teltonika/frames';
import { avlData, avlRecord } from '../../../server/protocol/teltonika/writer';
import { create, apiFixtureForFile } from '../../support/entityApi';
import { FakeTracker, type Received } from '../../support/fakeTracker';
import { fixSecondsAgo } from '../../support/simulatedFix';
import { until } from '../../support/waitFor';
import { deviceStatus, recentEvents } from './readBack';

/**
 * The hardware trackers' connections against the real server (docs/protocols.md), beyond each
 * protocol's own conversation (trackers.test.ts): Teltonika over UDP (acknowledgement, unknown
 * IMEI, a command to the recent peer), junk and framing over TCP, a connection never writing to a
 * device it did not log in as, the live protocol logs in both directions, and fixes acknowledged
 * but not stored (too old, sent twice).
 */

const f = apiFixtureForFile({ GT06_PORT: '0', TELTONIKA_PORT: '0', MAX_FIX_AGE_DAYS: '1' });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface PositionJson {
  deviceId: number;
  protocol: string;
  latitude: number;
  longitude: number;
  fixTime: string;
  attributes: Record<string, unknown>;
}

/** The device's stored positions with fix times from `from` to `to` (epoch ms). */
async function positions(deviceId: number, from: number, to: number): Promise<PositionJson[]> {
  const range = `from=${new Date(from).toISOString()}&to=${new Date(to).toISOString()}`;
  const res = await f.admin.get(`/api/positions?deviceId=${deviceId}&${range}`);
  expect(res.status).toBe(200);
  return (await res.json()) as PositionJson[];
}

/** The device's stored positions at exactly that fix time. */
async function storedAt(deviceId: number, time: number): Promise<PositionJson[]> {
  const found = await positions(deviceId, time - 1_000, time + 1_000);
  return found.filter((p) => p.fixTime === new Date(time).toISOString());
}

async function device(name: string, uniqueId: string): Promise<number> {
  return (await create(f.admin, '/api/devices', { name, uniqueId })).id;
}

async function connecting() {
  const res = await f.admin.get('/tarkan/devices/connecting');
  expect(res.status).toBe(200);
  return (await res.json()) as { uniqueId: string; protocol: string; address: string }[];
}

/** The protocol number a GT06 frame from the server answers (`78 78 len proto …`). */
const gt06Type = (frame: Received) => frame.bytes[3];

/** A GT06 tracker of `uniqueId` connected and logged in (its login acknowledged). */
async function loggedIn(uniqueId: string): Promise<FakeTracker> {
  const tracker = await FakeTracker.connect(gt06, f.server.devicePort('gt06'), uniqueId);
  tracker.sendHello();
  expect(gt06Type(await tracker.next())).toBe(0x01);
  return tracker;
}

/** Sends a fix and waits for its acknowledgement (a GT06 0x22 location is acknowledged 0x22). */
async function report(tracker: FakeTracker, fix: SimulatedFix): Promise<void> {
  tracker.sendPosition(fix);
  expect(gt06Type(await tracker.next())).toBe(0x22);
}

/** A UDP peer: a socket of its own port, collecting the datagrams the server sends it. */
class UdpPeer {
  private readonly inbox: Buffer[] = [];
  private waiters: (() => void)[] = [];

  private constructor(private readonly socket: dgram.Socket) {
    socket.on('message', (data) => {
      this.inbox.push(data);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /** `address`: the peer's own, any 127.x.y.z (each reaches the server's 127.0.0.1). */
  static async open(address = '127.0.0.1'): Promise<UdpPeer> {
    const socket = dgram.createSocket('udp4');
    await new Promise<void>((resolve) => socket.bind(0, address, resolve));
    return new UdpPeer(socket);
  }

  send(datagram: Buffer): void {
    this.socket.send(datagram, f.server.devicePort('teltonika'), '127.0.0.1');
  }

  async next(timeoutMs = 5_000): Promise<Buffer> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const datagram = this.inbox.shift();
      if (datagram) return datagram;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no datagram in ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, left);
      });
    }
  }

  /** Datagrams received and not read yet. */
  get pending(): number {
    return this.inbox.length;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.socket.close(() => resolve()));
  }
}

describe('Teltonika over UDP', () => {
  const imei = teltonika.device.uniqueId(701);
  /** One codec 8 record with ignition on, as an FMB sends it. */
  const datagram = (packetId: number, avlId: number, from: string, time: number) =>
    udpPacket(
      packetId,
      avlId,
      from,
      avlData(CODEC.CODEC_8, [
        avlRecord(CODEC.CODEC_8, {
          time,
          latitude: -23.5612,
          longitude: -46.6543,
          altitude: 760,
          course: 180,
          satellites: 10,
          speedKph: 37,
          io: [{ id: 239, width: 1, value: 1 }],
        }),
      ]),
    );

  it('stores a datagram, acknowledges it byte for byte and sends a command to the peer', async () => {
    const deviceId = await device('FMB over UDP', imei);
    const peer = await UdpPeer.open();
    try {
      const time = fixSecondsAgo(30).time;
      peer.send(datagram(0xcafe, 0x22, imei, time));
      // Length 5, the packet id, 01, the AVL packet id, one record taken.
      expect((await peer.next()).toString('hex')).toBe('0005cafe012201');
      // The acknowledgement is sent once the fix is committed.
      const [stored] = await storedAt(deviceId, time);
      expect(stored.protocol).toBe('teltonika');
      expect(stored.latitude).toBeCloseTo(-23.5612, 6);
      expect(stored.longitude).toBeCloseTo(-46.6543, 6);
      expect(stored.attributes.ignition).toBe(true);
      expect(await deviceStatus(f.admin, deviceId)).toBe('online');

      // The peer wrote moments ago: the command goes to its address and port at once.
      const sent = await f.admin.json('/api/commands/send', { deviceId, type: 'engineStop' });
      expect(sent.status).toBe(200);
      const command = await peer.next();
      const text = Buffer.from('setdigout 1');
      const data = Buffer.concat([
        Buffer.from([CODEC.CODEC_12, 1, MESSAGE_TYPE.COMMAND, 0, 0, 0, text.length]),
        text,
        Buffer.from([1]),
      ]);
      // Four zero bytes, then the data length (19).
      expect(command.subarray(0, 8).toString('hex')).toBe('0000000000000013');
      expect(command.subarray(8, 8 + data.length).toString('hex')).toBe(data.toString('hex'));
      expect(command.readUInt32BE(8 + data.length)).toBe(crc16Arc(data));
      expect(command.length).toBe(8 + data.length + 4);

      // Its codec 12 answer, in a datagram of its own, is the command's result.
      const answer = messageData(CODEC.CODEC_12, MESSAGE_TYPE.RESPONSE, Buffer.from('DOUT1:1'));
      peer.send(udpPacket(0xcb00, 0x23, imei, answer));
      const results = await until(async () => {
        const found = await recentEvents(f.admin, deviceId, 'commandResult');
        return found.length > 0 ? found : null;
      }, 'teltonika command result over UDP');
      expect(results[0].attributes.result).toBe('DOUT1:1');
    } finally {
      await peer.close();
    }
  });

  it('follows a tracker to the port it last wrote from (a carrier NAT changes it)', async () => {
    const moving = teltonika.device.uniqueId(702);
    const deviceId = await device('FMB behind NAT', moving);
    const [before, after] = await Promise.all([UdpPeer.open(), UdpPeer.open()]);
    try {
      before.send(datagram(0x0001, 0x01, moving, fixSecondsAgo(40).time));
      await before.next();
      after.send(datagram(0x0002, 0x02, moving, fixSecondsAgo(20).time));
      await after.next();
      const sent = await f.admin.json('/api/commands/send', { deviceId, type: 'engineStop' });
      expect(sent.status).toBe(200);
      await after.next();
      await sleep(300);
      // The old port is let go: nothing for it, and the device is still online.
      expect(before.pending).toBe(0);
      expect(await deviceStatus(f.admin, deviceId)).toBe('online');
    } finally {
      await Promise.all([before.close(), after.close()]);
    }
  });

  it('lists an IMEI nobody registered and answers it nothing', async () => {
    const stranger = teltonika.device.uniqueId(991);
    const peer = await UdpPeer.open();
    try {
      peer.send(datagram(0x0101, 0x01, stranger, fixSecondsAgo(10).time));
      const listed = await until(
        async () => (await connecting()).find((row) => row.uniqueId === stranger),
        'the unknown IMEI listed',
      );
      expect(listed).toMatchObject({ protocol: 'teltonika', address: '127.0.0.1' });
      await sleep(300);
      expect(peer.pending).toBe(0);
    } finally {
      await peer.close();
    }
  });

  it('lists the trackers of other addresses while one address sends made-up IMEIs', async () => {
    const scanner = await UdpPeer.open('127.0.0.9');
    const tracker = await UdpPeer.open('127.0.0.10');
    const fromScanner = async () =>
      (await connecting()).filter((row) => row.address === '127.0.0.9').length;
    try {
      // More identifiers than the whole server lists in a minute.
      for (let i = 0; i < 130; i++) {
        scanner.send(
          datagram(0x0200 + i, 0x01, teltonika.device.uniqueId(5000 + i), fixSecondsAgo(10).time),
        );
      }
      await until(async () => ((await fromScanner()) >= 10 ? true : null), 'the scanner heard');
      await sleep(1_000);
      const genuine = teltonika.device.uniqueId(992);
      tracker.send(datagram(0x0101, 0x01, genuine, fixSecondsAgo(10).time));
      const listed = await until(
        async () => (await connecting()).find((row) => row.uniqueId === genuine),
        'the genuine tracker listed',
      );
      expect(listed.address).toBe('127.0.0.10');
      // Ten a minute from one address (twenty should the minute turn during the test).
      expect(await fromScanner()).toBeLessThanOrEqual(20);
    } finally {
      await scanner.close();
      await tracker.close();
    }
  });
});

/** `length` bytes that look random, the same on every run (xorshift32). */
function noise(length: number, seed = 0x2545f491): Buffer {
  const bytes = Buffer.alloc(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

describe('junk and framing over TCP', () => {
  it('drops a connection sending a megabyte of junk while another tracker carries on', async () => {
    const uniqueId = gt06.device.uniqueId(301);
    const deviceId = await device('Steady GT06', uniqueId);
    const tracker = await loggedIn(uniqueId);
    const junk = await new Promise<net.Socket>((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port: f.server.devicePort('gt06') }, () =>
        resolve(socket),
      );
      socket.once('error', reject);
    });
    try {
      junk.on('error', () => undefined);
      const closedByServer = new Promise<void>((resolve) => junk.once('close', () => resolve()));
      const logged = f.server.lines.length;
      junk.write(noise(1024 * 1024));

      // The tracker keeps being answered while the junk pours in, and after it is dropped.
      const fixes = [50, 45, 40, 35].map((ago, i) =>
        fixSecondsAgo(ago, { latitude: -23.55 - i / 1000 }),
      );
      for (const fix of fixes.slice(0, 3)) await report(tracker, fix);
      await Promise.race([
        closedByServer,
        sleep(10_000).then(() => {
          throw new Error('the junk connection is still open');
        }),
      ]);
      await f.server.waitForLine(/device connection dropped/, 5_000, logged);
      await report(tracker, fixes[3]);
      expect(tracker.ended).toBe(false);
      for (const fix of fixes) expect(await storedAt(deviceId, fix.time)).toHaveLength(1);
    } finally {
      junk.destroy();
      await tracker.close();
    }
  });

  it('joins a frame written a byte at a time and splits frames written together', async () => {
    const uniqueId = gt06.device.uniqueId(302);
    const deviceId = await device('Chatty GT06', uniqueId);
    const tracker = await loggedIn(uniqueId);
    try {
      const split = fixSecondsAgo(60, { latitude: -23.561 });
      const frame = tracker.device.position(split);
      for (const byte of frame) {
        tracker.send(Buffer.from([byte]));
        await sleep(5);
      }
      expect(gt06Type(await tracker.next())).toBe(0x22);
      expect(await storedAt(deviceId, split.time)).toHaveLength(1);

      const together = [30, 29, 28].map((ago, i) =>
        fixSecondsAgo(ago, { latitude: -23.562 - i / 1000 }),
      );
      tracker.send(Buffer.concat(together.map((fix) => tracker.device.position(fix))));
      for (let i = 0; i < together.length; i++) {
        expect(gt06Type(await tracker.next())).toBe(0x22);
      }
      for (const fix of together) {
        const [stored] = await storedAt(deviceId, fix.time);
        expect(stored.latitude).toBeCloseTo(fix.latitude, 4);
      }
      expect(tracker.ended).toBe(false);
      expect((await fetch(`${f.server.url}/api/health`)).status).toBe(200);
    } finally {
      await tracker.close();
    }
  });
});

describe('identity of a connection', () => {
  it('never writes to a device named after the connection logged in as another', async () => {
    const a = gt06.device.uniqueId(401);
    const b = gt06.device.uniqueId(402);
    const aId = await device('GT06 A', a);
    const bId = await device('GT06 B', b);
    const tracker = await loggedIn(a);
    try {
      await report(tracker, fixSecondsAgo(40));
      const logged = f.server.lines.length;
      // B's login on A's connection: ignored, unanswered.
      tracker.send(gt06.device.connect(b).hello()[0]);
      const after = fixSecondsAgo(20, { latitude: -23.57 });
      tracker.sendPosition(after);
      // The next answer is the fix's (0x22), not a login acknowledgement (0x01).
      expect(gt06Type(await tracker.next())).toBe(0x22);
      await f.server.waitForLine(/names another device/, 5_000, logged);

      expect(await storedAt(aId, after.time)).toHaveLength(1);
      expect(await positions(bId, Date.now() - 3_600_000, Date.now() + 60_000)).toEqual([]);
      expect(await deviceStatus(f.admin, bId)).not.toBe('online');

      // Still A's: A's command comes down this connection, B's waits in the queue.
      const forA = await f.admin.json('/api/commands/send', { deviceId: aId, type: 'engineStop' });
      expect(forA.status).toBe(200);
      expect((await tracker.nextCommand()).type).toBe('engineStop');
      const forB = await f.admin.json('/api/commands/send', { deviceId: bId, type: 'engineStop' });
      expect(forB.status).toBe(202);
      await sleep(300);
      expect(tracker.drain().filter(({ read }) => read.kind === 'command')).toEqual([]);
    } finally {
      await tracker.close();
    }
  });
});

interface LogRecord {
  host: string;
  protocol: string;
  uniqueId: string;
  deviceId: number;
  data: string;
  outgoing?: boolean;
}

describe('live protocol logs of a tracker', () => {
  it("shows the tracker's frames and the server's answers to an administrator", async () => {
    const uniqueId = gt06.device.uniqueId(501);
    const deviceId = await device('Logged GT06', uniqueId);
    const records: LogRecord[] = [];
    const socket = new WebSocket(`${f.server.wsUrl}/api/socket`, {
      headers: { cookie: f.admin.cookieHeader() },
    });
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as { logs?: LogRecord[] };
      if (message.logs) records.push(...message.logs);
    });
    await new Promise<void>((resolve, reject) => {
      socket.on('open', () => resolve());
      socket.on('error', reject);
    });
    socket.send(JSON.stringify({ logs: true }));
    await sleep(200); // `{logs:true}` reaches the server first
    const tracker = await FakeTracker.connect(gt06, f.server.devicePort('gt06'), uniqueId);
    try {
      const login = gt06.device.connect(uniqueId).hello()[0];
      tracker.send(login);
      const ack = await tracker.next();
      expect(gt06Type(ack)).toBe(0x01);

      const find = (data: string, outgoing: boolean) =>
        until(
          async () => records.find((r) => r.data === data && Boolean(r.outgoing) === outgoing),
          `the ${outgoing ? 'acknowledgement' : 'login'} logged`,
          5_000,
        );
      const received = await find(login.toString('hex'), false);
      expect(received).toEqual({
        host: '127.0.0.1',
        protocol: 'gt06',
        uniqueId,
        deviceId,
        data: login.toString('hex'),
      });
      expect(received.data).toMatch(/^7878[0-9a-f]+0d0a$/);
      const answered = await find(ack.bytes.toString('hex'), true);
      expect(answered).toEqual({
        host: '127.0.0.1',
        protocol: 'gt06',
        uniqueId,
        deviceId,
        data: ack.bytes.toString('hex'),
        outgoing: true,
      });
      expect(records.indexOf(received)).toBeLessThan(records.indexOf(answered));
    } finally {
      socket.close();
      await tracker.close();
    }
  });
});

describe('fixes acknowledged but not stored', () => {
  it('answers a fix older than MAX_FIX_AGE_DAYS and one sent twice, storing neither again', async () => {
    const uniqueId = gt06.device.uniqueId(601);
    const deviceId = await device('Replaying GT06', uniqueId);
    const tracker = await loggedIn(uniqueId);
    try {
      // Two days old with MAX_FIX_AGE_DAYS=1 (the default 30 would store it).
      const old = fixSecondsAgo(2 * 86_400, { latitude: -23.58 });
      await report(tracker, old);
      expect(await storedAt(deviceId, old.time)).toEqual([]);

      const fresh = fixSecondsAgo(15, { latitude: -23.59 });
      const frame = tracker.device.position(fresh);
      tracker.send(frame);
      const first = await tracker.next();
      expect(gt06Type(first)).toBe(0x22);
      expect(await storedAt(deviceId, fresh.time)).toHaveLength(1);
      // The same frame again, as a device whose acknowledgement was lost resends its buffer.
      tracker.send(frame);
      const second = await tracker.next();
      expect(second.bytes).toEqual(first.bytes);
      await sleep(300);
      expect(await storedAt(deviceId, fresh.time)).toHaveLength(1);
      const all = await positions(deviceId, old.time - 86_400_000, Date.now() + 60_000);
      expect(all.map((p) => p.fixTime)).toEqual([new Date(fresh.time).toISOString()]);
      expect(tracker.ended).toBe(false);
    } finally {
      await tracker.close();
    }
  });
});
