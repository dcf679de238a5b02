import { describe, expect, it } from 'vitest';
import type { DecodedPosition } from '../../../../../server/processing/types';
import { ConnectedDevices } from '../../../../../server/protocol/shared/connectedDevices';
import {
  FrameError,
  type DecodeResult,
  type ProtocolDefinition,
} from '../../../../../server/protocol/shared/definition';
import type { Identified, PendingCommand } from '../../../../../server/protocol/shared/directory';
import { newPosition, setLocation } from '../../../../../server/protocol/shared/position';
import { DeviceSession, type Channel } from '../../../../../server/protocol/shared/session';
import type { SubmitOutcome } from '../../../../../server/protocol/shared/sink';

/**
 * The session layer every hardware protocol runs on, with a toy text protocol: `LOGIN <id>`,
 * `POS <id> <lat> <lon> <t>` (acknowledged `ACK`), `JUNK`; commands go out as `CMD <type>`.
 */
const toy: ProtocolDefinition = {
  name: 'toy',
  defaultPort: 1,
  transports: ['tcp'],
  splitter: () => ({ next: () => null }),
  decode(frame): DecodeResult {
    const [kind, id, ...rest] = frame.toString().split(' ');
    if (kind === 'LOGIN')
      return { identify: [id], reply: Buffer.from('OK'), replyUnknown: Buffer.from('NO') };
    if (kind === 'POS') {
      const [lat, lon, t] = rest.map(Number);
      const position = newPosition('toy', t);
      setLocation(position, { time: t, valid: true, latitude: lat, longitude: lon });
      return { identify: [id], positions: [position], reply: Buffer.from('ACK') };
    }
    if (kind === 'BATCH') {
      const positions = [id, ...rest].map((t) => {
        const position = newPosition('toy', Number(t));
        setLocation(position, { time: Number(t), valid: true, latitude: 1, longitude: 1 });
        return position;
      });
      return { positions, reply: Buffer.from('ACK') };
    }
    throw new FrameError('not a toy frame');
  },
  commands: ['engineStop'],
  encode: (command) => (command.type === 'engineStop' ? Buffer.from('CMD engineStop') : null),
  device: {
    transport: 'tcp',
    uniqueId: (i) => String(i),
    connect: () => {
      throw new Error('not used');
    },
  },
};

interface Harness {
  session: DeviceSession;
  sent: string[];
  submitted: DecodedPosition[];
  closed: () => boolean;
  connection: string[];
  registry: ConnectedDevices;
  outcomes: SubmitOutcome['kind'][];
  queue: PendingCommand[];
}

function harness(
  known: Record<string, number>,
  options: { outcome?: SubmitOutcome } = {},
): Harness {
  const sent: string[] = [];
  const submitted: DecodedPosition[] = [];
  const connection: string[] = [];
  const outcomes: SubmitOutcome['kind'][] = [];
  let closed = false;
  const registry = new ConnectedDevices();
  const queue: PendingCommand[] = [];
  const channel: Channel = {
    transport: 'tcp',
    address: '10.0.0.7',
    send: (data) => sent.push(data.toString()),
    close: () => (closed = true),
  };
  const session = new DeviceSession(toy, channel, {
    sink: {
      async submit(position) {
        submitted.push(position);
        const outcome = options.outcome ?? { kind: 'stored', command: null };
        outcomes.push(outcome.kind);
        return outcome;
      },
      connection: (uniqueId, state) => connection.push(`${uniqueId} ${state}`),
    },
    directory: {
      async identify(ids): Promise<Identified> {
        const id = ids.find((candidate) => known[candidate] !== undefined);
        return id === undefined
          ? { kind: 'unknown' }
          : { kind: 'known', uniqueId: id, deviceId: known[id] };
      },
    },
    queue: { take: async () => queue.splice(0) },
    registry,
    log: { debug() {}, info() {}, warn() {}, error() {} },
  });
  return { session, sent, submitted, closed: () => closed, connection, registry, outcomes, queue };
}

const frame = (text: string) => Buffer.from(text);

describe('device session', () => {
  it('binds to the device its login names and answers after storing', async () => {
    const h = harness({ '123': 7 });
    await h.session.receive(frame('LOGIN 123'));
    expect(h.session.device).toEqual({ uniqueId: '123', deviceId: 7 });
    expect(h.registry.get(7)).toBe(h.session);
    expect(h.connection).toEqual(['123 open']);
    await h.session.receive(frame('POS 123 -23.5 -46.6 1000'));
    expect(h.submitted.map((p) => p.uniqueId)).toEqual(['123']);
    expect(h.sent).toEqual(['OK', 'ACK']);
  });

  it('answers an unknown device with the protocol refusal and stores nothing', async () => {
    const h = harness({});
    await h.session.receive(frame('LOGIN 999'));
    await h.session.receive(frame('POS 999 1 1 1000'));
    expect(h.sent).toEqual(['NO']);
    expect(h.submitted).toEqual([]);
    expect(h.session.device).toBeNull();
  });

  it('never writes a frame naming another device to the bound one', async () => {
    const h = harness({ '123': 7, '456': 8 });
    await h.session.receive(frame('LOGIN 123'));
    await h.session.receive(frame('POS 456 1 1 1000'));
    expect(h.submitted).toEqual([]);
    expect(h.sent).toEqual(['OK']);
    expect(h.registry.get(8)).toBeUndefined();
  });

  it('ignores frames before the device identified itself', async () => {
    const h = harness({ '123': 7 });
    await h.session.receive(frame('BATCH 1000 2000'));
    expect(h.submitted).toEqual([]);
    expect(h.sent).toEqual([]);
  });

  it('stores a frame of buffered fixes oldest first', async () => {
    const h = harness({ '123': 7 });
    await h.session.receive(frame('LOGIN 123'));
    await h.session.receive(frame('BATCH 3000 1000 2000'));
    expect(h.submitted.map((p) => p.fixTime)).toEqual([1000, 2000, 3000]);
  });

  it('acknowledges a fix refused as impossible or a duplicate, so the device drains', async () => {
    for (const outcome of [
      { kind: 'rejected', message: 'too old' },
      { kind: 'duplicate' },
    ] as SubmitOutcome[]) {
      const h = harness({ '123': 7 }, { outcome });
      await h.session.receive(frame('LOGIN 123'));
      await h.session.receive(frame('POS 123 1 1 1000'));
      expect(h.sent).toEqual(['OK', 'ACK']);
      expect(h.closed()).toBe(false);
    }
  });

  it('closes unanswered when storing failed, so the device sends the fix again', async () => {
    for (const outcome of [{ kind: 'unavailable' }, { kind: 'busy' }] as SubmitOutcome[]) {
      const h = harness({ '123': 7 }, { outcome });
      await h.session.receive(frame('LOGIN 123'));
      await h.session.receive(frame('POS 123 1 1 1000'));
      expect(h.sent).toEqual(['OK']);
      expect(h.closed()).toBe(true);
      expect(h.registry.get(7)).toBeUndefined();
    }
  });

  it('rejects an undecodable frame and keeps the connection for the next', async () => {
    const h = harness({ '123': 7 });
    await expect(h.session.receive(frame('JUNK'))).rejects.toBeInstanceOf(FrameError);
    await h.session.receive(frame('LOGIN 123'));
    expect(h.sent).toEqual(['OK']);
  });

  it('sends commands to the bound device and what waited in the queue on login', async () => {
    const h = harness({ '123': 7 });
    h.queue.push({ id: 1, type: 'engineStop', attributes: {} });
    await h.session.receive(frame('LOGIN 123'));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(h.sent).toEqual(['OK', 'CMD engineStop']);
    expect(h.registry.send(7, { type: 'engineStop', attributes: {} })).toBe('sent');
    expect(h.registry.send(7, { type: 'rebootDevice', attributes: {} })).toBe('unsupported');
    expect(h.registry.send(8, { type: 'engineStop', attributes: {} })).toBe('absent');
  });

  it('marks the device offline on close unless a newer connection took over', async () => {
    const h = harness({ '123': 7 });
    await h.session.receive(frame('LOGIN 123'));
    const newer = harness({ '123': 7 });
    // The same registry: the device reconnected on another socket of this instance.
    h.registry.bind(7, newer.session);
    h.session.closed();
    expect(h.connection).toEqual(['123 open']);
    const alone = harness({ '123': 7 });
    await alone.session.receive(frame('LOGIN 123'));
    alone.session.closed();
    expect(alone.connection).toEqual(['123 open', '123 closed']);
  });

  it('leaves its devices online when the server itself is stopping', async () => {
    const h = harness({ '123': 7 });
    await h.session.receive(frame('LOGIN 123'));
    h.session.closed(true);
    expect(h.connection).toEqual(['123 open']);
    expect(h.registry.get(7)).toBeUndefined();
  });
});
