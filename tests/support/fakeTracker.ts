/**
 * A scripted hardware tracker for tests: connects to a protocol's TCP port, speaks through that
 * protocol's device side (`definition.device`), and reads what the server sends, frame by frame.
 *
 *   const tracker = await FakeTracker.connect(gt06, port, uniqueId);
 *   tracker.sendHello();
 *   await tracker.next();                 // the login's acknowledgement
 *   tracker.sendPosition(fix);
 *   const command = await tracker.nextCommand();
 *   tracker.answer(command, 'DYD=Success!');
 */
import net from 'node:net';
import type {
  ProtocolDefinition,
  ReceivedFrame,
  SimulatedDevice,
  SimulatedFix,
} from '../../server/protocol/shared/definition';
import { FrameStream } from '../../server/protocol/shared/frameStream';

export type ReceivedCommand = Extract<ReceivedFrame, { kind: 'command' }>;

export interface Received {
  bytes: Buffer;
  read: ReceivedFrame;
}

export class FakeTracker {
  readonly device: SimulatedDevice;
  private readonly received: Received[] = [];
  private waiters: (() => void)[] = [];
  private closed = false;

  private constructor(
    readonly protocol: ProtocolDefinition,
    readonly uniqueId: string,
    private readonly socket: net.Socket,
  ) {
    this.device = protocol.device.connect(uniqueId);
    const stream = new FrameStream(this.device.splitter());
    socket.on('data', (chunk: Buffer) => {
      for (const bytes of stream.push(chunk).frames) {
        this.received.push({ bytes, read: this.device.receive(bytes) });
      }
      this.wake();
    });
    socket.on('close', () => {
      this.closed = true;
      this.wake();
    });
    socket.on('error', () => undefined);
  }

  static async connect(
    protocol: ProtocolDefinition,
    port: number,
    uniqueId: string,
  ): Promise<FakeTracker> {
    const socket = await new Promise<net.Socket>((resolve, reject) => {
      const s = net.connect({ host: '127.0.0.1', port }, () => resolve(s));
      s.once('error', reject);
    });
    return new FakeTracker(protocol, uniqueId, socket);
  }

  /** Whether the server ended the connection. */
  get ended(): boolean {
    return this.closed;
  }

  send(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  sendHello(): void {
    for (const frame of this.device.hello()) this.send(frame);
  }

  sendPosition(fix: SimulatedFix): void {
    this.send(this.device.position(fix));
  }

  sendHeartbeat(): void {
    this.send(this.device.heartbeat());
  }

  answer(command: ReceivedCommand, result: string): void {
    this.send(this.device.answer(command, result));
  }

  /** The next frame the server sends; rejects after `timeoutMs` or when the connection ends. */
  async next(timeoutMs = 5_000): Promise<Received> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const frame = this.received.shift();
      if (frame) return frame;
      if (this.closed) throw new Error(`${this.protocol.name}: connection closed by the server`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${this.protocol.name}: nothing received in ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, left);
      });
    }
  }

  /** The next command the server sends, skipping acknowledgements. */
  async nextCommand(timeoutMs = 5_000): Promise<ReceivedCommand> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { read } = await this.next(Math.max(1, deadline - Date.now()));
      if (read.kind === 'command') return read;
    }
  }

  /** Frames received and not read yet (acknowledgements that came meanwhile). */
  drain(): Received[] {
    return this.received.splice(0);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.closed) return resolve();
      this.socket.once('close', () => resolve());
      this.socket.end();
      setTimeout(() => this.socket.destroy(), 500).unref();
    });
  }

  private wake(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const wake of waiting) wake();
  }
}
