/** The little the hub needs from a WebSocket, so it can be tested without a network. */
export interface LiveSocket {
  /** Always JSON, so a text message (`binary: false`), also when given as UTF-8 bytes. */
  send(data: string | Buffer, options: { binary: boolean }): void;
  close(code?: number, reason?: string): void;
}

interface Entry {
  /** Closes the socket when its user's access runs out by itself (see `watchAccess`). */
  expiry?: NodeJS.Timeout;
  sessionId: string | null;
  /** The API token behind the socket: its bearer/`?token=`, or its session's source token. */
  tokenId: number | null;
  userId: number;
  /** The user who signed in, when the session acts as `userId` (`GET /api/session/{id}`). */
  impersonatorId: number | null;
}

/** The credential whose sockets survive `closeUser` (the one that changed the password). */
export interface KeptSockets {
  sessionId: string | null;
  tokenId: number | null;
}

/** Whether the socket's user is still let in, and when that ends by itself (null: not by time). */
export interface SocketAccess {
  allowed: boolean;
  endsAt: number | null;
}

/**
 * What one instance's hub asks of the others' (cluster mode, docs/scaling.md): a user's sockets
 * may be open on any instance, so a message for them, or the end of a session, token or user,
 * must reach every hub.
 */
export type HubCommand =
  | { op: 'send'; userId: number; data: string }
  | { op: 'closeUser'; userId: number; keep: KeptSockets | null }
  | { op: 'closeSession'; sessionId: string }
  | { op: 'closeToken'; tokenId: number };

/** Carries hub commands to the other instances; none on a single instance. */
export interface HubRelay {
  publish(command: HubCommand): void;
}

/** Close code when the server ends a session; traccar-web uses the same on logout. */
export const SESSION_ENDED = 4000;
/**
 * Close code when this instance stops (WebSocket's "service restart"): the session is still
 * good, and the client should open a new socket at once, which the balancer sends to another
 * instance (docs/scaling.md, "Health, readiness and draining").
 */
export const SERVICE_RESTART = 1012;
const KEEPALIVE_MS = 30_000;
/** setTimeout's longest delay; a later end is checked again at this distance. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Open sockets, indexed by user so a send costs only that user's sockets. Keeps connections alive
 * with `{}` and closes them when a session or user ends. With a relay (several instances),
 * `sendToUser` and the `close…` calls reach the sockets on every instance; the live fan-out's
 * `sendRawToUser` stays local, since every instance fans each committed batch out itself.
 */
export class SocketHub {
  private readonly sockets = new Map<LiveSocket, Entry>();
  /** Set by `closeAll`: the instance is stopping and takes no more sockets. */
  private stopping = false;
  private readonly byUser = new Map<number, Set<LiveSocket>>();
  private timer: NodeJS.Timeout | null = null;
  private relay: HubRelay | null = null;

  constructor(private readonly keepaliveMs = KEEPALIVE_MS) {}

  /** From now on, messages and closes also go to the other instances' hubs. */
  relayTo(relay: HubRelay): void {
    this.relay = relay;
  }

  /** A command from another instance's hub, applied to this instance's sockets only. */
  apply(command: HubCommand): void {
    switch (command.op) {
      case 'send':
        this.sendRawToUser(command.userId, command.data);
        break;
      case 'closeUser':
        this.closeLocalUser(command.userId, command.keep);
        break;
      case 'closeSession':
        this.closeWhere((entry) => entry.sessionId === command.sessionId);
        break;
      case 'closeToken':
        this.closeWhere((entry) => entry.tokenId === command.tokenId);
        break;
    }
  }

  add(
    socket: LiveSocket,
    userId: number,
    sessionId: string | null,
    tokenId: number | null = null,
    impersonatorId: number | null = null,
  ): void {
    if (this.stopping) {
      // Opened while the instance stops: sent elsewhere at once, like the ones already open.
      socket.close(SERVICE_RESTART, 'Server restarting');
      return;
    }
    this.sockets.set(socket, { userId, sessionId, tokenId, impersonatorId });
    let own = this.byUser.get(userId);
    if (!own) this.byUser.set(userId, (own = new Set()));
    own.add(socket);
    // Idle proxies drop silent connections; `{}` is Traccar's keepalive message.
    this.timer ??= setInterval(() => this.broadcast('{}'), this.keepaliveMs).unref();
  }

  /**
   * Keeps the socket only as long as its user is let in. A request is refused the moment a trust
   * unlock's grace or the account's expiration runs out, with nobody acting; an open socket would
   * otherwise go on streaming positions, so it is closed at that moment. `check` reads the state
   * afresh each time, as the grace may have been extended or the suspension lifted meanwhile.
   */
  async watchAccess(
    socket: LiveSocket,
    check: () => Promise<SocketAccess>,
    onError: (err: unknown) => void = () => {},
  ): Promise<void> {
    const entry = this.sockets.get(socket);
    if (!entry) return;
    let access: SocketAccess;
    try {
      access = await check();
    } catch (err) {
      // Unknown state: keep the socket as it is; the next request-level check still applies.
      onError(err);
      return;
    }
    if (this.sockets.get(socket) !== entry) return; // closed meanwhile
    if (!access.allowed) {
      this.closeSocket(socket);
      return;
    }
    if (entry.expiry) clearTimeout(entry.expiry);
    entry.expiry = undefined;
    if (access.endsAt === null) return;
    const delay = Math.min(Math.max(access.endsAt - Date.now(), 0), MAX_TIMER_MS);
    entry.expiry = setTimeout(() => void this.watchAccess(socket, check, onError), delay);
    entry.expiry.unref();
  }

  remove(socket: LiveSocket): void {
    const entry = this.sockets.get(socket);
    if (!entry) return;
    if (entry.expiry) clearTimeout(entry.expiry);
    this.sockets.delete(socket);
    const own = this.byUser.get(entry.userId);
    own?.delete(socket);
    if (own?.size === 0) this.byUser.delete(entry.userId);
    if (this.sockets.size === 0) this.stopTimer();
  }

  /** Whether the user has at least one open socket (nothing to build for them otherwise). */
  hasUser(userId: number): boolean {
    return this.byUser.has(userId);
  }

  /** Users with at least one open socket. */
  userIds(): IterableIterator<number> {
    return this.byUser.keys();
  }

  /** Sends a message to the user's sockets, on every instance. */
  sendToUser(userId: number, message: object): void {
    const data = JSON.stringify(message);
    this.sendRawToUser(userId, data);
    this.relay?.publish({ op: 'send', userId, data });
  }

  /**
   * Sends already serialised JSON to this instance's sockets of the user; as a string, or as its
   * UTF-8 bytes (relayed positions are forwarded as the bytes that came, never decoded).
   */
  sendRawToUser(userId: number, data: string | Buffer): void {
    const own = this.byUser.get(userId);
    if (own) this.sendText(own, data);
  }

  closeSession(sessionId: string): void {
    this.apply({ op: 'closeSession', sessionId });
    this.relay?.publish({ op: 'closeSession', sessionId });
  }

  /**
   * Closes the user's sockets, and those of sessions they opened as someone else, but those
   * opened with the `keep` credential.
   */
  closeUser(userId: number, keep: KeptSockets | null = null): void {
    this.closeLocalUser(userId, keep);
    this.relay?.publish({ op: 'closeUser', userId, keep });
  }

  /** Closes the sockets that rest on a revoked token, directly or through a session. */
  closeToken(tokenId: number): void {
    this.apply({ op: 'closeToken', tokenId });
    this.relay?.publish({ op: 'closeToken', tokenId });
  }

  /**
   * This instance's sockets only (shutdown): each told to reconnect, to another instance, and so
   * is any socket that finishes opening afterwards.
   */
  closeAll(): void {
    this.stopping = true;
    for (const socket of [...this.sockets.keys()]) {
      this.remove(socket);
      socket.close(SERVICE_RESTART, 'Server restarting');
    }
  }

  get size(): number {
    return this.sockets.size;
  }

  private sendText(sockets: Iterable<LiveSocket>, data: string | Buffer): void {
    for (const socket of sockets) this.safeSend(socket, data);
  }

  /** Sends already serialised JSON to every socket on this instance. */
  broadcast(data: string): void {
    this.sendText(this.sockets.keys(), data);
  }

  private safeSend(socket: LiveSocket, data: string | Buffer): void {
    try {
      socket.send(data, { binary: false });
    } catch {
      // A socket that cannot take data is closing; its close event removes it.
    }
  }

  private closeLocalUser(userId: number, keep: KeptSockets | null): void {
    this.closeWhere(
      (entry) =>
        (entry.userId === userId || entry.impersonatorId === userId) && !isKept(entry, keep),
    );
  }

  private closeWhere(match: (entry: Entry) => boolean): void {
    for (const [socket, entry] of [...this.sockets]) {
      if (match(entry)) this.closeSocket(socket);
    }
  }

  private closeSocket(socket: LiveSocket): void {
    this.remove(socket);
    socket.close(SESSION_ENDED, 'Session ended');
  }

  private stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

function isKept(entry: Entry, keep: KeptSockets | null): boolean {
  if (!keep) return false;
  if (entry.sessionId !== null) return entry.sessionId === keep.sessionId;
  return entry.tokenId !== null && entry.tokenId === keep.tokenId;
}
