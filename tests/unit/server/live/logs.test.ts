import { describe, expect, it } from 'vitest';
import { LiveLogs, type LogSocket } from '../../../../server/live/logs';

/** The live protocol logs' delivery rules and bounds, without a network. */

class FakeSocket implements LogSocket {
  sent: string[] = [];
  bufferedAmount = 0;
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {}
  records(): { uniqueId: string; deviceId: number; data: string }[] {
    return this.sent.flatMap(
      (text) =>
        (JSON.parse(text) as { logs: { uniqueId: string; deviceId: number; data: string }[] }).logs,
    );
  }
}

const devices = new Map([['known', 7]]);
const audience = { get: (deviceId: number) => (deviceId === 7 ? [1] : []) };
const silentLog = { error: () => {} };

function setUp(options = {}) {
  return new LiveLogs(audience, (u) => devices.get(u) ?? null, silentLog, options);
}

const message = (uniqueId: string | null, data = 'x') => ({
  host: '10.0.0.1',
  protocol: 'osmand',
  uniqueId,
  data,
});

describe('LiveLogs', () => {
  it('is inactive, and does nothing, until a socket asks', async () => {
    const logs = setUp();
    expect(logs.active).toBe(false);
    logs.record(message('known'));
    const socket = new FakeSocket();
    logs.start(socket, { id: 1, administrator: false });
    expect(logs.active).toBe(true);
    await logs.idle();
    expect(socket.sent).toEqual([]);
    logs.stop(socket);
    expect(logs.active).toBe(false);
  });

  it('sends known devices to their audience, unknown ones to administrators, nameless to none', async () => {
    const logs = setUp();
    const user = new FakeSocket();
    const stranger = new FakeSocket();
    const admin = new FakeSocket();
    logs.start(user, { id: 1, administrator: false });
    logs.start(stranger, { id: 2, administrator: false });
    logs.start(admin, { id: 3, administrator: true });
    logs.record(message('known'));
    logs.record(message('ghost'));
    logs.record(message(null));
    await logs.idle();
    await new Promise((r) => setTimeout(r, 250));
    expect(user.records().map((r) => [r.uniqueId, r.deviceId])).toEqual([['known', 7]]);
    expect(stranger.records()).toEqual([]);
    // The audience decides for known devices (administrators are in it in the app).
    expect(admin.records().map((r) => [r.uniqueId, r.deviceId])).toEqual([['ghost', 0]]);
    logs.close();
  });

  it('gathers a flood into one message per window, capped, and skips a backed-up socket', async () => {
    const logs = setUp({ flushMs: 100, maxQueued: 10 });
    const user = new FakeSocket();
    logs.start(user, { id: 1, administrator: false });
    for (let i = 0; i < 500; i++) logs.record(message('known', `m${i}`));
    await logs.idle();
    expect(user.sent.length).toBe(1); // the first went at once
    await new Promise((r) => setTimeout(r, 150));
    expect(user.sent.length).toBe(2);
    expect(user.records().map((r) => r.data)).toEqual([
      'm0',
      ...Array.from({ length: 10 }, (_, i) => `m${i + 1}`),
    ]);

    user.bufferedAmount = 10 * 1024 * 1024;
    await new Promise((r) => setTimeout(r, 150));
    logs.record(message('known', 'late'));
    await logs.idle();
    expect(user.sent.length).toBe(2);
    logs.close();
  });

  it('drops records beyond the pending bound while device lookups are slow', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const logs = new LiveLogs(
      audience,
      async (u) => {
        await gate;
        return devices.get(u) ?? null;
      },
      silentLog,
      { maxPending: 5, maxQueued: 1000, flushMs: 0 },
    );
    const user = new FakeSocket();
    logs.start(user, { id: 1, administrator: false });
    for (let i = 0; i < 50; i++) logs.record(message('known', `m${i}`));
    release();
    await logs.idle();
    await new Promise((r) => setTimeout(r, 20));
    expect(user.records().map((r) => r.data)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4']);
    logs.close();
  });
});
