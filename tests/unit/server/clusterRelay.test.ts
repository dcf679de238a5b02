import { describe, expect, it } from 'vitest';
import type { Change } from '../../../server/changes';
import type { Bus } from '../../../server/cluster/bus';
import { SharedChangeFeed } from '../../../server/cluster/changeFeed';
import { HubBridge } from '../../../server/cluster/liveRelay';
import { SocketHub, type LiveSocket } from '../../../server/live/hub';

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
