import { describe, expect, it } from 'vitest';
import type { Change } from '../../../../server/changes';
import type { Bus } from '../../../../server/cluster/bus';
import { SharedChangeFeed } from '../../../../server/cluster/changeFeed';
import { BatchRelay, HubBridge, type RemoteBatch } from '../../../../server/cluster/liveRelay';
import type { PositionRecord } from '../../../../server/processing/types';
import { deviceRecord } from '../../../support/deviceRecord';
import {
  livePositionText,
  positionFromTexts,
  positionJson,
  positionText,
} from '../../../../server/serialize';
import { SocketHub, type LiveSocket } from '../../../../server/live/hub';
import { MESSAGE_CHARS } from '../../../../server/live/messageSize';
import { positionRecord } from '../../../support/positionRecord';

/** Instances joined by an in-memory bus: a message reaches every other instance once. */
class Network {
  private readonly members: { id: string; handlers: Map<string, (payload: string) => void> }[] = [];
  private readonly resyncs: (() => void)[] = [];

  bus(id: string): Bus {
    const member = { id, handlers: new Map<string, (payload: string) => void>() };
    this.members.push(member);
    return {
      instanceId: id,
      publish: (channel, payload) => {
        for (const other of this.members) {
          if (other !== member) other.handlers.get(channel)?.(payload);
        }
      },
      subscribe: (channel, handler) => void member.handlers.set(channel, handler),
      subscribeBytes: (channel, handler) =>
        void member.handlers.set(channel, (payload) => handler(Buffer.from(payload))),
      onResync: (listener) => {
        this.resyncs.push(listener);
        return () => {};
      },
    };
  }

  recover(): void {
    for (const listener of this.resyncs) listener();
  }
}

function socket(): LiveSocket & { sent: string[]; closedWith: number | null } {
  const s = {
    sent: [] as string[],
    closedWith: null as number | null,
    send: (data: string) => void s.sent.push(data),
    close: (code?: number) => void (s.closedWith = code ?? 1000),
  };
  return s;
}

describe('the shared change feed', () => {
  it('runs local listeners at once and every other instance once, flagged remote', () => {
    const network = new Network();
    const a = new SharedChangeFeed(network.bus('a'));
    const b = new SharedChangeFeed(network.bus('b'));
    const seenA: [Change, boolean][] = [];
    const seenB: [Change, boolean][] = [];
    a.on((change, remote) => seenA.push([change, remote]));
    b.on((change, remote) => seenB.push([change, remote]));

    const change: Change = { kind: 'device', id: 7, action: 'update' };
    a.emit(change);
    expect(seenA).toEqual([[change, false]]);
    expect(seenB).toEqual([[change, true]]);

    network.recover();
    expect(seenA.at(-1)).toEqual([{ kind: 'resync' }, false]);
    expect(seenB.at(-1)).toEqual([{ kind: 'resync' }, false]);
  });
});

describe('the hub bridge', () => {
  it('sends to and closes a user’s sockets on every instance, each once', () => {
    const network = new Network();
    const hubs = [new SocketHub(), new SocketHub()];
    hubs.forEach((hub, i) => hub.relayTo(new HubBridge(network.bus(`i${i}`), hub)));
    const onA = socket();
    const onB = socket();
    const other = socket();
    hubs[0].add(onA, 1, 'session-a');
    hubs[1].add(onB, 1, 'session-b');
    hubs[1].add(other, 2, 'session-c');

    hubs[0].sendToUser(1, { events: [{ id: 1 }] });
    expect(onA.sent).toEqual(['{"events":[{"id":1}]}']);
    expect(onB.sent).toEqual(['{"events":[{"id":1}]}']);
    expect(other.sent).toEqual([]);

    // The fan-out's raw sends stay on their instance: each instance fans out every batch itself.
    hubs[0].sendRawToUser(1, '{"positions":[]}');
    expect(onB.sent).toHaveLength(1);

    hubs[0].closeSession('session-b');
    expect(onB.closedWith).toBe(4000);
    expect(onA.closedWith).toBeNull();
    hubs[1].closeUser(2);
    expect(other.closedWith).toBe(4000);
  });
});

describe('the batch relay', () => {
  /** An instance's relay that collects the batches the others send it. */
  const receiver = (bus: Bus) => {
    const received: RemoteBatch[] = [];
    new BatchRelay(bus, { batch: (batch) => received.push(batch), latestDeleted: () => {} });
    return received;
  };
  /** An instance's relay that only sends. */
  const sender = (bus: Bus) => new BatchRelay(bus, { batch: () => {}, latestDeleted: () => {} });
  const position = (id: number): PositionRecord =>
    positionRecord({
      id,
      deviceId: 3,
      speed: 12,
      course: 90,
      // A line break and quotes in a value must not break the message into wrong lines.
      attributes: { note: 'first line\nsecond "line"', ignition: true },
    });

  it('hands the other instances each committed batch with its positions’ texts', () => {
    const network = new Network();
    const received: RemoteBatch[] = [];
    const handler = {
      batch: (batch: RemoteBatch) => received.push(batch),
      latestDeleted: () => {},
    };
    const a = new BatchRelay(network.bus('a'), handler);
    new BatchRelay(network.bus('b'), handler);
    const sent = [position(41), position(42)];
    const online = deviceRecord(3);
    a.committed({
      positions: sent,
      devices: [
        { device: online, statusChanged: true },
        { device: deviceRecord(4, { lastUpdate: null }), statusChanged: false },
      ],
      events: [],
    });

    expect(received).toHaveLength(1);
    const [batch] = received;
    expect(batch.positions.map(({ id, deviceId, fixTime }) => ({ id, deviceId, fixTime }))).toEqual(
      sent.map(({ id, deviceId, fixTime }) => ({ id, deviceId, fixTime })),
    );
    expect(batch.positions.map(positionFromTexts)).toEqual(sent);
    for (const [i, p] of batch.positions.entries()) {
      expect(livePositionText(p)).toBe(JSON.stringify(positionJson(sent[i])));
      // The record read from the texts takes the sender's Traccar JSON as its own.
      expect(positionText(positionFromTexts(p) as PositionRecord)).toBe(livePositionText(p));
    }
    // A device's record goes along only when its status changed.
    expect(batch.devices).toEqual([
      { id: 3, status: 'online', lastUpdate: online.lastUpdate, device: online },
      { id: 4, status: 'online', lastUpdate: null, device: null },
    ]);
  });

  it('takes the Traccar text the sender built rather than writing it again', () => {
    const network = new Network();
    const received = receiver(network.bus('b'));
    const sender = network.bus('a');
    const record = position(43);
    const head = { t: 'batch', p: [[43, 3, record.fixTime]], d: [] };
    // Spaced out, as no instance writes it: what arrives is what the sockets get.
    const wire = JSON.stringify(positionJson(record), null, 1).replace(/\n/g, ' ');
    sender.publish('batches.3', `${JSON.stringify(head)}\n${wire}`);
    const [texts] = received[0].positions;
    expect(livePositionText(texts)).toBe(wire);
    const read = positionFromTexts(texts);
    expect(read).toEqual(record);
    expect(positionText(read as PositionRecord)).toBe(wire);
  });

  it('reads a relayed text that is not a position of its device as no record', () => {
    const network = new Network();
    const received = receiver(network.bus('b'));
    const head = { t: 'batch', p: [[43, 3, position(43).fixTime]], d: [] };
    const elsewhere = JSON.stringify(positionJson({ ...position(43), deviceId: 4 }));
    network.bus('a').publish('batches.3', `${JSON.stringify(head)}\n${elsewhere}`);
    network.bus('a').publish('batches.3', `${JSON.stringify(head)}\n{"sent":"as is"}`);
    expect(received.map((batch) => batch.positions.map(positionFromTexts))).toEqual([
      [null],
      [null],
    ]);
  });

  it('ignores the batches of an instance of the earlier format', () => {
    const network = new Network();
    const received = receiver(network.bus('b'));
    const old = JSON.stringify({ t: 'batch', positions: [position(44)], devices: [] });
    network.bus('a').publish('batches', old);
    // The format before this one: a record line and a Traccar line per position.
    const head = { t: 'batch', p: [[44, 3, position(44).fixTime]], d: [] };
    const record = JSON.stringify(position(44));
    const wire = JSON.stringify(positionJson(position(44)));
    network.bus('a').publish('batches.2', `${JSON.stringify(head)}\n${record}\n${wire}`);
    expect(received).toEqual([]);
  });

  it('sends a batch too big for one message as several in a row, each under the limit', () => {
    const network = new Network();
    const payloads: string[] = [];
    const bus = network.bus('b');
    const received = receiver({
      ...bus,
      subscribeBytes: (channel, handler) =>
        bus.subscribeBytes(channel, (payload) => {
          payloads.push(payload.toString('utf8'));
          handler(payload);
        }),
    });
    const a = sender(network.bus('a'));
    const sent = Array.from({ length: 300 }, (_, i) => ({ ...position(1000 + i), deviceId: i }));
    const devices = sent.map((p) => ({
      device: deviceRecord(p.deviceId),
      statusChanged: p.id % 2 === 0,
    }));
    a.committed({ positions: sent, devices, events: [] });

    expect(payloads.length).toBeGreaterThan(1);
    for (const payload of payloads) expect(payload.length).toBeLessThanOrEqual(MESSAGE_CHARS);
    // Whole and in order: the positions first, then the devices.
    expect(received.flatMap((batch) => batch.positions.map(positionFromTexts))).toEqual(sent);
    expect(received.flatMap((batch) => batch.devices)).toEqual(
      devices.map(({ device: d, statusChanged }) => ({
        id: d.id,
        status: d.status,
        lastUpdate: d.lastUpdate,
        device: statusChanged ? d : null,
      })),
    );
    const texts = received.flatMap((batch) => batch.positions.map(livePositionText));
    expect(texts).toEqual(sent.map((p) => JSON.stringify(positionJson(p))));
  });

  it('keeps relayed texts as bytes and reads those with multi-byte characters back whole', () => {
    const network = new Network();
    const received = receiver(network.bus('b'));
    const a = sender(network.bus('a'));
    const sent = [
      { ...position(1), address: 'Rua São João, 1º andar — ação\u2028fim', deviceId: 1 },
      { ...position(2), attributes: { motorista: 'José Ñandú 🚚' }, deviceId: 2 },
    ];
    a.committed({ positions: sent, devices: [], events: [] });

    const [batch] = received;
    // Held until the device's next fix (for good if it stops reporting), they wait as bytes,
    // off the JavaScript heap, and hold no more than their own: not the whole message.
    for (const p of batch.positions) {
      expect(Buffer.isBuffer(p.wire)).toBe(true);
      expect((p.wire as Buffer).buffer.byteLength).toBe(p.wire.length);
    }
    expect(batch.positions.map(positionFromTexts)).toEqual(sent);
    expect(batch.positions.map(livePositionText)).toEqual(
      sent.map((p) => JSON.stringify(positionJson(p))),
    );
  });
});
