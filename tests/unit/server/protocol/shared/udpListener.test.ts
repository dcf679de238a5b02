import dgram from 'node:dgram';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectedDevices } from '../../../../../server/protocol/shared/connectedDevices';
import {
  startUdpListener,
  type UdpListener,
} from '../../../../../server/protocol/shared/udpListener';
import { teltonika } from '../../../../../server/protocol/teltonika';
import { udpPacket } from '../../../../../server/protocol/teltonika/frames';

/**
 * The UDP port's peers (docs/protocols.md): a tracker whose source port changes (a carrier's NAT)
 * keeps one session, the newest, instead of one per port it ever wrote from.
 */

let listener: UdpListener | null = null;
const sockets: dgram.Socket[] = [];

afterEach(async () => {
  await listener?.close();
  listener = null;
  for (const socket of sockets.splice(0)) socket.close();
});

async function peer(): Promise<{ send(data: Buffer): void; next(): Promise<Buffer> }> {
  const socket = dgram.createSocket('udp4');
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const inbox: Buffer[] = [];
  socket.on('message', (data) => inbox.push(data));
  return {
    send: (data) => socket.send(data, listener!.port, '127.0.0.1'),
    async next() {
      for (let i = 0; i < 100 && inbox.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const data = inbox.shift();
      if (!data) throw new Error('no datagram');
      return data;
    },
  };
}

describe('UDP listener', () => {
  it('keeps one peer per device: the port it last wrote from', async () => {
    const registry = new ConnectedDevices();
    const imei = teltonika.device.uniqueId(42);
    listener = await startUdpListener(teltonika, {
      port: 0,
      host: '127.0.0.1',
      deps: {
        sink: {
          submit: async () => ({ kind: 'stored', command: null }),
          connection: () => undefined,
        },
        directory: { identify: async () => ({ kind: 'known', uniqueId: imei, deviceId: 1 }) },
        queue: { take: async () => [] },
        registry,
        log: { debug() {}, info() {}, warn() {}, error() {} },
      },
    });
    const device = teltonika.device.connect(imei);
    const fix = {
      time: Date.now(),
      valid: true,
      latitude: -23.5,
      longitude: -46.6,
      speed: 0,
      course: 0,
    };
    // The device side speaks TCP; its records travel in a UDP packet of their own.
    const records = device.position(fix).subarray(8, -4);
    const first = await peer();
    first.send(udpPacket(1, 1, imei, records));
    await first.next();
    expect(listener.peers).toBe(1);
    const second = await peer();
    second.send(udpPacket(2, 2, imei, records));
    await second.next();
    expect(listener.peers).toBe(1);
    expect(registry.send(1, { type: 'engineStop', attributes: {} })).toBe('sent');
    expect((await second.next()).readUInt8(8)).toBe(0x0c);
  });
});
