import type { DecodedPosition } from '../../processing/types';
import type { CommandData, DecodeResult, ProtocolDefinition, Transport } from './definition';
import type { CommandQueue, DeviceDirectory } from './directory';
import { logData } from './logData';
import type { MessageLog } from './messageLog';
import type { ConnectionSink, SubmitOutcome } from './sink';

/**
 * One device's conversation with the server over a connection (a TCP socket, or a UDP peer's
 * datagrams): frames in, in order, each decoded by the protocol; the connection bound to the
 * device its login names; positions stored; the reply sent only once they are; commands sent to
 * it while it is bound (docs/protocols.md). Knows nothing of sockets: the listener hands it
 * frames and a `Channel` to answer on.
 */

export interface Channel {
  readonly transport: Transport;
  /** The peer's address, as the logs show it. */
  readonly address: string;
  send(data: Buffer): void;
  /** Ends the connection (TCP); forgets the peer (UDP). */
  close(): void;
}

export interface SessionLog {
  debug(object: unknown, message?: string): void;
  info(object: unknown, message?: string): void;
  warn(object: unknown, message?: string): void;
  error(object: unknown, message?: string): void;
}

/** Where sessions register the device they are bound to, so commands find them. */
export interface SessionRegistry {
  bind(deviceId: number, session: DeviceSession): void;
  unbind(deviceId: number, session: DeviceSession): void;
  /** The session a command for the device goes to: the newest one bound to it. */
  get(deviceId: number): DeviceSession | undefined;
}

export interface SessionDeps {
  sink: ConnectionSink;
  directory: DeviceDirectory;
  queue: CommandQueue;
  registry: SessionRegistry;
  log: SessionLog;
  messages?: MessageLog;
  now?: () => number;
}

/** Frames waiting in a session beyond which its listener stops reading from the socket. */
export const MAX_WAITING_FRAMES = 32;

/** Positions a store refused for a reason the device cannot fix by sending them again. */
const SETTLED: ReadonlySet<SubmitOutcome['kind']> = new Set(['stored', 'rejected', 'duplicate']);

export class DeviceSession {
  /** Per-connection memory the protocol's decoder and encoder share. */
  readonly state = new Map<string, unknown>();
  private bound: { uniqueId: string; deviceId: number } | null = null;
  private chain: Promise<void> = Promise.resolve();
  private waiting = 0;
  private ended = false;
  private readonly now: () => number;

  constructor(
    readonly protocol: ProtocolDefinition,
    private readonly channel: Channel,
    private readonly deps: SessionDeps,
  ) {
    this.now = deps.now ?? Date.now;
  }

  /** The device the connection is bound to, once a frame named one the server knows. */
  get device(): { uniqueId: string; deviceId: number } | null {
    return this.bound;
  }

  get transport(): Transport {
    return this.channel.transport;
  }

  get address(): string {
    return this.channel.address;
  }

  /** Frames received and not dealt with yet (the listener pauses reading above a few). */
  get backlog(): number {
    return this.waiting;
  }

  /**
   * Takes one whole frame; frames are dealt with one after another in arrival order, so replies
   * go out in order too. Settles once this frame is dealt with.
   */
  receive(frame: Buffer): Promise<void> {
    this.waiting++;
    const arrived = this.now();
    const done = this.chain.then(() => this.handle(frame, arrived)).finally(() => this.waiting--);
    this.chain = done.catch(() => undefined);
    return done;
  }

  /** Settles once every frame received so far is dealt with. */
  idle(): Promise<void> {
    return this.chain;
  }

  /**
   * Sends a command to the bound device now; false when the protocol cannot encode it (the
   * caller queues it or refuses it).
   */
  sendCommand(command: CommandData): boolean {
    if (!this.bound || this.ended) return false;
    let frame: Buffer | null;
    try {
      frame = this.protocol.encode(command, {
        uniqueId: this.bound.uniqueId,
        state: this.state,
        transport: this.channel.transport,
      });
    } catch (error) {
      this.deps.log.warn(
        { err: error, protocol: this.protocol.name, type: command.type },
        'command encoding failed',
      );
      return false;
    }
    if (frame === null) return false;
    this.send(frame);
    this.deps.log.info(
      { protocol: this.protocol.name, deviceId: this.bound.deviceId, type: command.type },
      'command sent to device',
    );
    return true;
  }

  /**
   * The connection ended: the device is no longer reachable through this session. `shutdown`:
   * the server is stopping, and the device will be back on the next start (or another instance)
   * in seconds, so it is not marked offline (which would notify everyone of every vehicle).
   */
  closed(shutdown = false): void {
    if (this.ended) return;
    this.ended = true;
    if (!this.bound) return;
    const { deviceId, uniqueId } = this.bound;
    const current = this.deps.registry.get(deviceId) === this;
    this.deps.registry.unbind(deviceId, this);
    // A device that reconnected already has a newer session: it is not offline.
    if (current && !shutdown) this.deps.sink.connection(uniqueId, 'closed');
  }

  private send(data: Buffer): void {
    if (this.ended) return;
    this.channel.send(data);
    this.record(data, this.bound?.uniqueId ?? null, true);
  }

  private record(data: Buffer, uniqueId: string | null, outgoing: boolean): void {
    const { messages } = this.deps;
    if (!messages?.active) return;
    messages.record({
      host: this.channel.address,
      protocol: this.protocol.name,
      uniqueId,
      data: logData(data),
      ...(outgoing ? { outgoing: true } : {}),
    });
  }

  private async handle(frame: Buffer, arrived: number): Promise<void> {
    if (this.ended) return;
    let result: DecodeResult;
    try {
      result = this.protocol.decode(frame, {
        uniqueId: this.bound?.uniqueId ?? null,
        state: this.state,
        now: arrived,
        transport: this.channel.transport,
      });
    } catch (error) {
      this.record(frame, this.bound?.uniqueId ?? null, false);
      this.deps.log.debug(
        { err: error, protocol: this.protocol.name, address: this.channel.address },
        'device frame not decoded',
      );
      throw error;
    }
    const named = result.identify?.filter((id) => id !== '') ?? [];
    this.record(frame, this.bound?.uniqueId ?? named[0] ?? null, false);

    if (!(await this.identify(named, result))) return;
    const positions = result.positions ?? [];
    if (positions.length > 0 && !(await this.store(positions))) return;
    if (result.reply) this.send(result.reply);
  }

  /**
   * Binds the connection to the device the frame names, or checks it names the bound one. False
   * when the frame must go no further (unknown device, another device, no device at all).
   */
  private async identify(named: readonly string[], result: DecodeResult): Promise<boolean> {
    const { protocol, channel, deps } = this;
    if (this.bound) {
      if (named.length === 0 || named.includes(this.bound.uniqueId)) return true;
      // The IMEI a connection logged in with is the only device it writes to.
      deps.log.warn(
        { protocol: protocol.name, address: channel.address, bound: this.bound.uniqueId, named },
        'frame names another device than the connection logged in as: ignored',
      );
      return false;
    }
    if (named.length === 0) {
      deps.log.debug(
        { protocol: protocol.name, address: channel.address },
        'frame before the device identified itself: ignored',
      );
      return false;
    }
    const found = await deps.directory.identify(named, protocol.name, channel.address);
    if (found.kind === 'unavailable') {
      // The device logs in again later, and its data is kept on it meanwhile.
      this.end();
      return false;
    }
    if (found.kind === 'unknown') {
      if (result.replyUnknown) this.send(result.replyUnknown);
      return false;
    }
    if (this.ended) return false;
    this.bound = { uniqueId: found.uniqueId, deviceId: found.deviceId };
    deps.registry.bind(found.deviceId, this);
    deps.sink.connection(found.uniqueId, 'open');
    // Commands queued while the device was away go out right after this frame's reply.
    setImmediate(() => void this.deliverQueued());
    return true;
  }

  /**
   * Stores the frame's positions in fix-time order. True when the device may be answered: each
   * was stored, or refused for good (impossible, a duplicate). A store that failed or is busy
   * ends the connection unanswered, so the device keeps its data and sends it again.
   */
  private async store(positions: DecodedPosition[]): Promise<boolean> {
    const bound = this.bound as { uniqueId: string; deviceId: number };
    const ordered = positions
      .map((position, index) => ({ position, index }))
      .sort((a, b) => a.position.fixTime - b.position.fixTime || a.index - b.index)
      .map(({ position }) => ({ ...position, uniqueId: bound.uniqueId }));
    const outcomes = await Promise.all(ordered.map((p) => this.deps.sink.submit(p, false)));
    const failed = outcomes.find((outcome) => !SETTLED.has(outcome.kind));
    for (const [i, outcome] of outcomes.entries()) {
      if (outcome.kind === 'rejected' || outcome.kind === 'duplicate') {
        this.deps.log.debug(
          {
            protocol: this.protocol.name,
            deviceId: bound.deviceId,
            fixTime: new Date(ordered[i].fixTime).toISOString(),
            reason: outcome.kind === 'rejected' ? outcome.message : 'duplicate',
          },
          'device fix acknowledged but not stored',
        );
      }
    }
    if (!failed) return true;
    this.deps.log.warn(
      { protocol: this.protocol.name, deviceId: bound.deviceId, outcome: failed.kind },
      'device positions not stored: connection closed for the device to send them again',
    );
    this.end();
    return false;
  }

  /** Sends the bound device what the queue holds for it. */
  async deliverQueued(): Promise<void> {
    const bound = this.bound;
    if (!bound || this.ended) return;
    let commands;
    try {
      commands = await this.deps.queue.take(bound.deviceId);
    } catch (error) {
      this.deps.log.error({ err: error, deviceId: bound.deviceId }, 'reading queued commands');
      return;
    }
    for (const command of commands) {
      if (!this.sendCommand(command)) {
        this.deps.log.warn(
          { protocol: this.protocol.name, deviceId: bound.deviceId, type: command.type },
          'queued command not supported by the device protocol: dropped',
        );
      }
    }
  }

  /** Ends the connection from the server's side. */
  end(): void {
    if (this.ended) return;
    this.channel.close();
    this.closed();
  }
}
