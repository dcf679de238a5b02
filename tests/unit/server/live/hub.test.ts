import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SERVICE_RESTART,
  SESSION_ENDED,
  SocketHub,
  type LiveSocket,
} from '../../../../server/live/hub';

function fakeSocket() {
  const socket = {
    sent: [] as string[],
    closed: null as number | null,
    send(data: string) {
      socket.sent.push(data);
    },
    close(code?: number) {
      socket.closed = code ?? 1000;
    },
  };
  return socket satisfies LiveSocket;
}

afterEach(() => vi.useRealTimers());

describe('SocketHub', () => {
  it('closes only the sockets of the ended session', () => {
    const hub = new SocketHub();
    const a = fakeSocket();
    const b = fakeSocket();
    const c = fakeSocket();
    hub.add(a, 1, 's1');
    hub.add(b, 1, 's2');
    hub.add(c, 2, 's3');
    hub.closeSession('s1');
    expect(a.closed).toBe(SESSION_ENDED);
    expect(b.closed).toBeNull();
    expect(c.closed).toBeNull();
    expect(hub.size).toBe(2);
  });

  it('closes every socket of a user', () => {
    const hub = new SocketHub();
    const a = fakeSocket();
    const b = fakeSocket();
    const c = fakeSocket();
    hub.add(a, 1, 's1');
    hub.add(b, 1, null);
    hub.add(c, 2, 's3');
    hub.closeUser(1);
    expect([a.closed, b.closed, c.closed]).toEqual([SESSION_ENDED, SESSION_ENDED, null]);
    hub.closeAll();
    expect(hub.size).toBe(0);
    // A stopping instance does not end the session: the client reconnects, elsewhere.
    expect(c.closed).toBe(SERVICE_RESTART);
  });

  it("after a password change, closes the user's sockets but the changing credential's", () => {
    const hub = new SocketHub();
    const [session, otherSession, fromToken, bearer, otherBearer] = Array.from(
      { length: 5 },
      fakeSocket,
    );
    hub.add(session, 1, 's1', null);
    hub.add(otherSession, 1, 's2', null);
    hub.add(fromToken, 1, 's3', 7);
    hub.add(bearer, 1, null, 7);
    hub.add(otherBearer, 1, null, 8);
    hub.closeUser(1, { sessionId: 's1', tokenId: null });
    expect([session, otherSession, fromToken, bearer, otherBearer].map((s) => s.closed)).toEqual([
      null,
      SESSION_ENDED,
      SESSION_ENDED,
      SESSION_ENDED,
      SESSION_ENDED,
    ]);

    const viaToken = fakeSocket();
    const otherSocket = fakeSocket();
    hub.add(viaToken, 1, null, 9);
    hub.add(otherSocket, 1, 's4', 9);
    hub.closeUser(1, { sessionId: null, tokenId: 9 });
    // A bearer socket of the kept token stays; a session merely started from it is another credential.
    expect([viaToken.closed, otherSocket.closed]).toEqual([null, SESSION_ENDED]);
  });

  it('closes the sockets resting on a revoked token, directly or through its session', () => {
    const hub = new SocketHub();
    const [bearer, fromToken, unrelated] = Array.from({ length: 3 }, fakeSocket);
    hub.add(bearer, 1, null, 7);
    hub.add(fromToken, 1, 's1', 7);
    hub.add(unrelated, 1, 's2', null);
    hub.closeToken(7);
    expect([bearer.closed, fromToken.closed, unrelated.closed]).toEqual([
      SESSION_ENDED,
      SESSION_ENDED,
      null,
    ]);
  });

  it('sends to a user and keeps connections alive with {}', () => {
    vi.useFakeTimers();
    const hub = new SocketHub(30_000);
    const a = fakeSocket();
    const b = fakeSocket();
    hub.add(a, 1, 's1');
    hub.add(b, 2, 's2');
    hub.sendToUser(2, { devices: [] });
    expect(a.sent).toEqual([]);
    expect(b.sent).toEqual(['{"devices":[]}']);
    vi.advanceTimersByTime(30_000);
    expect(a.sent).toEqual(['{}']);
    hub.remove(a);
    hub.remove(b);
    vi.advanceTimersByTime(60_000);
    expect(a.sent).toEqual(['{}']);
  });

  it("indexes sockets by user: a send reaches only that user's sockets", () => {
    const hub = new SocketHub();
    const a = fakeSocket();
    const b = fakeSocket();
    const c = fakeSocket();
    hub.add(a, 1, 's1');
    hub.add(b, 1, 's2');
    hub.add(c, 2, 's3');
    hub.sendRawToUser(1, '{"positions":[]}');
    expect([a.sent, b.sent, c.sent]).toEqual([['{"positions":[]}'], ['{"positions":[]}'], []]);
    expect([...hub.userIds()].sort()).toEqual([1, 2]);
    hub.remove(a);
    hub.remove(a); // twice is harmless
    expect(hub.hasUser(1)).toBe(true);
    hub.closeSession('s2');
    expect(hub.hasUser(1)).toBe(false);
    hub.sendToUser(1, { devices: [] });
    expect(b.sent).toEqual(['{"positions":[]}']);
    expect(hub.size).toBe(1);
    hub.closeAll();
  });

  it('survives a socket that throws on send', () => {
    const hub = new SocketHub();
    const bad: LiveSocket = {
      send: () => {
        throw new Error('closed');
      },
      close: () => {},
    };
    const good = fakeSocket();
    hub.add(bad, 1, null);
    hub.add(good, 1, null);
    hub.sendToUser(1, {});
    expect(good.sent).toEqual(['{}']);
    hub.closeAll();
  });
});
