import { describe, expect, it } from 'vitest';
import { LiveFanout } from '../../../../server/live/fanout';
import { SocketHub, type LiveSocket } from '../../../../server/live/hub';
import { MESSAGE_CHARS, packBySize } from '../../../../server/live/messageSize';
import { positionJson, positionText, type PositionTexts } from '../../../../server/serialize';
import { deviceRecord } from '../../../support/deviceRecord';
import { positionRecord } from '../../../support/positionRecord';

function socket(): LiveSocket & { sent: string[] } {
  const s = {
    sent: [] as string[],
    send: (data: string) => void s.sent.push(data),
    close: () => {},
  };
  return s;
}

describe('packBySize', () => {
  it('keeps every item, in order, in runs within the limit', () => {
    const items = ['aaaa', 'bb', 'cccccc', 'd', 'ee'];
    const runs = packBySize(items, (item) => item.length, 6);
    expect(runs).toEqual([['aaaa', 'bb'], ['cccccc'], ['d', 'ee']]);
  });

  it('gives an item larger than the limit a run of its own, and nothing for nothing', () => {
    expect(packBySize(['x', 'toolong', 'y'], (item) => item.length, 3)).toEqual([
      ['x'],
      ['toolong'],
      ['y'],
    ]);
    expect(packBySize([], () => 1)).toEqual([]);
  });
});

const device = (id: number, name: string, lastUpdate = 1_000) =>
  deviceRecord(id, { name, lastUpdate });

type Sent = { devices?: { id: number; name: string; lastUpdate: string | null }[] };
const parsed = (s: { sent: string[] }) => s.sent.map((m) => JSON.parse(m) as Sent);

describe('the live fan-out', () => {
  const fanout = (hub: SocketHub) =>
    new LiveFanout(
      hub,
      { getMany: async (ids) => new Map([...ids].map((id) => [id, [1]])) },
      { error: () => {} },
    );

  it('pushes devices edited together in one message, past the report throttle', async () => {
    const hub = new SocketHub();
    const s = socket();
    hub.add(s, 1, 'session');
    const live = fanout(hub);
    // A report just pushed device 5: a second one within the second would be held back.
    live.committed({
      positions: [],
      devices: [{ device: device(5, 'Van'), statusChanged: false }],
    });
    await live.idle();
    s.sent.length = 0;

    live.edited({ device: device(5, 'Van 12 - João') });
    live.edited({ device: device(6, 'Caminhão') });
    await expect.poll(() => s.sent.length).toBe(1);
    await live.idle();
    expect(parsed(s)[0].devices?.map((d) => [d.id, d.name])).toEqual([
      [5, 'Van 12 - João'],
      [6, 'Caminhão'],
    ]);
    live.close();
  });

  it('sends devices revealed to a user, with their latest positions, to that user alone', async () => {
    const hub = new SocketHub();
    const [mine, other] = [socket(), socket()];
    hub.add(mine, 1, 'session-1');
    hub.add(other, 2, 'session-2');
    const live = fanout(hub);
    const latest = positionRecord({ id: 40, deviceId: 8 });
    live.revealed(1, [
      { device: device(8, 'Estacionado'), latest },
      { device: device(9, 'Sem posição'), latest: null },
    ]);
    await live.idle();
    expect(other.sent).toEqual([]);
    expect(mine.sent.map((m) => JSON.parse(m) as unknown)).toEqual([
      {
        devices: [
          expect.objectContaining({ id: 8, name: 'Estacionado' }),
          expect.objectContaining({ id: 9, name: 'Sem posição' }),
        ],
        positions: [JSON.parse(JSON.stringify(positionJson(latest))) as unknown],
      },
    ]);
  });

  it('sends the record an edited device holds when it goes, not an older one', async () => {
    const hub = new SocketHub();
    const s = socket();
    hub.add(s, 1, 'session');
    const live = fanout(hub);
    const entry = { device: device(7, 'Antes') };
    live.edited(entry);
    // A report lands before the edit goes out: the edit must not take the device back.
    entry.device = device(7, 'Depois', 2_000);
    await expect.poll(() => s.sent.length).toBe(1);
    expect(parsed(s)[0].devices).toEqual([
      expect.objectContaining({ id: 7, name: 'Depois', lastUpdate: new Date(2_000).toISOString() }),
    ]);
    live.close();
  });

  it('sends a batch as one message per user', async () => {
    const hub = new SocketHub();
    const s = socket();
    hub.add(s, 1, 'session');
    const live = fanout(hub);
    const positions = [
      positionRecord({ id: 1, deviceId: 5 }),
      positionRecord({ id: 2, deviceId: 6 }),
    ];
    live.committed({ positions, devices: [] });
    await live.idle();
    expect(s.sent.map((m) => JSON.parse(m) as unknown)).toEqual([
      { positions: positions.map((p) => JSON.parse(JSON.stringify(positionJson(p))) as unknown) },
    ]);
  });

  it('splits a batch too big for one message into several in a row, each under the limit', async () => {
    const hub = new SocketHub();
    const s = socket();
    hub.add(s, 1, 'session');
    const live = fanout(hub);
    const positions = Array.from({ length: 400 }, (_, i) =>
      positionRecord({ id: 100 + i, deviceId: i, attributes: { note: 'ç'.repeat(100) } }),
    );
    live.committed({ positions, devices: [] });
    await live.idle();

    expect(s.sent.length).toBeGreaterThan(1);
    for (const message of s.sent) expect(message.length).toBeLessThanOrEqual(MESSAGE_CHARS);
    const ids = s.sent.flatMap((m) => (JSON.parse(m) as { positions: { id: number }[] }).positions);
    expect(ids.map((p) => p.id)).toEqual(positions.map((p) => p.id));
  });
  it('forwards relayed positions as the bytes that came, in a text message with devices and local ones', async () => {
    const hub = new SocketHub();
    const sent: { data: string | Buffer; binary: boolean }[] = [];
    hub.add(
      {
        send: (data, options) => void sent.push({ data, binary: options.binary }),
        close: () => {},
      },
      1,
      'session',
    );
    const live = fanout(hub);
    const remote = positionRecord({ id: 1, deviceId: 5, attributes: { note: 'ção' } });
    const relayed: PositionTexts = {
      id: 1,
      deviceId: 5,
      fixTime: remote.fixTime,
      wire: Buffer.from(positionText(remote)),
    };
    const local = positionRecord({ id: 2, deviceId: 6 });
    live.committed({
      positions: [relayed, local],
      devices: [{ device: device(5, 'Remoto'), statusChanged: true }],
    });
    await live.idle();

    expect(sent).toHaveLength(1);
    expect(sent[0].binary).toBe(false);
    expect(JSON.parse(sent[0].data.toString())).toEqual({
      devices: [expect.objectContaining({ id: 5, name: 'Remoto' })],
      positions: [remote, local].map((p) => JSON.parse(positionText(p)) as unknown),
    });
  });
});
