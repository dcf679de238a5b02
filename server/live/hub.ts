/** The little the hub needs from a WebSocket, so it can be tested without a network. */
export interface LiveSocket {
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

interface Entry {
  sessionId: string | null;
  userId: number;
}

/** Close code when the server ends a session; traccar-web uses the same on logout. */
export const SESSION_ENDED = 4000;
export const KEEPALIVE_MS = 30_000;

/**
 * Open sockets by session and user. Later issues push devices, positions and events to users
 * through `sendToUser`; for now it keeps connections alive and closes them when a session ends.
 */
export class SocketHub {
  private readonly sockets = new Map<LiveSocket, Entry>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly keepaliveMs = KEEPALIVE_MS) {}

  add(socket: LiveSocket, userId: number, sessionId: string | null): void {
    this.sockets.set(socket, { userId, sessionId });
    // Idle proxies drop silent connections; `{}` is Traccar's keepalive message.
    this.timer ??= setInterval(() => this.broadcast('{}'), this.keepaliveMs).unref();
  }

  remove(socket: LiveSocket): void {
    this.sockets.delete(socket);
    if (this.sockets.size === 0) this.stopTimer();
  }

  sendToUser(userId: number, message: object): void {
    const data = JSON.stringify(message);
    for (const [socket, entry] of this.sockets) {
      if (entry.userId === userId) this.safeSend(socket, data);
    }
  }

  closeSession(sessionId: string): void {
    this.closeWhere((entry) => entry.sessionId === sessionId);
  }

  closeUser(userId: number): void {
    this.closeWhere((entry) => entry.userId === userId);
  }

  closeAll(): void {
    this.closeWhere(() => true);
  }

  get size(): number {
    return this.sockets.size;
  }

  private broadcast(data: string): void {
    for (const socket of this.sockets.keys()) this.safeSend(socket, data);
  }

  private safeSend(socket: LiveSocket, data: string): void {
    try {
      socket.send(data);
    } catch {
      // A socket that cannot take data is closing; its close event removes it.
    }
  }

  private closeWhere(match: (entry: Entry) => boolean): void {
    for (const [socket, entry] of [...this.sockets]) {
      if (!match(entry)) continue;
      this.remove(socket);
      socket.close(SESSION_ENDED, 'Session ended');
    }
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
