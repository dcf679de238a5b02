import net, { type AddressInfo, type Socket } from 'node:net';
import type { ProtocolDefinition } from './definition';
import { FrameStream } from './frameStream';
import { plainAddress } from './address';
import { DeviceSession, MAX_WAITING_FRAMES, type Channel, type SessionDeps } from './session';

/**
 * A protocol's TCP port: one `DeviceSession` per connection, fed the frames the protocol's
 * splitter cuts from the stream (docs/protocols.md). A connection that sends junk, a frame over
 * the buffer limit, nothing for `idleMs`, or no known device within two minutes is closed; nothing
 * else is affected. Reading pauses while a connection's frames wait for the database, so a fast
 * sender cannot grow memory.
 */

export interface TcpListenerOptions {
  port: number;
  host: string;
  deps: SessionDeps;
  /** A connection silent this long is closed (devices send heartbeats). Default 30 minutes. */
  idleMs?: number;
  /** Unconsumed bytes a connection may hold. Default `FrameStream`'s. */
  bufferLimit?: number;
  /** A connection still not bound to a device after this is closed. Default 2 minutes. */
  unboundMs?: number;
}

export interface TcpListener {
  readonly port: number;
  readonly connections: number;
  /**
   * Stops accepting and stops reading: each connection's frames in hand are dealt with and
   * answered (up to `graceMs`), then the connection ends after its answers are written, so the
   * device reconnects (to another instance behind a balancer) and sends what it sends next there.
   */
  close(graceMs?: number): Promise<void>;
}

export const DEFAULT_IDLE_MS = 30 * 60_000;
/**
 * A connection that has not named a device the server knows by then is closed: trackers identify
 * themselves in their first frames, and a scanner or an unknown device must not hold a socket for
 * the whole idle time.
 */
export const UNBOUND_CONNECTION_MS = 2 * 60_000;

export async function startTcpListener(
  protocol: ProtocolDefinition,
  options: TcpListenerOptions,
): Promise<TcpListener> {
  const { deps } = options;
  const sessions = new Map<Socket, DeviceSession>();
  let stopping = false;

  const accept = (socket: Socket) => {
    const address = plainAddress(socket.remoteAddress);
    socket.setNoDelay(true);
    socket.setKeepAlive(true, 60_000);
    socket.setTimeout(options.idleMs ?? DEFAULT_IDLE_MS);
    const stream = new FrameStream(protocol.splitter(), options.bufferLimit);
    const channel: Channel = {
      transport: 'tcp',
      address,
      send: (data) => {
        if (socket.writable) socket.write(data);
      },
      // Written replies still go out; then the connection ends.
      close: () => {
        socket.end();
        setTimeout(() => socket.destroy(), 1_000).unref();
      },
    };
    const session = new DeviceSession(protocol, channel, deps);
    sessions.set(socket, session);
    const unbound = setTimeout(() => {
      if (session.device === null) socket.destroy();
    }, options.unboundMs ?? UNBOUND_CONNECTION_MS);
    unbound.unref();

    const drop = (reason: string) => {
      deps.log.warn({ protocol: protocol.name, address, reason }, 'device connection dropped');
      socket.destroy();
    };
    const settled = () => {
      if (stopping) return; // reading stays stopped while the listener drains
      if (socket.isPaused() && session.backlog < MAX_WAITING_FRAMES / 2 && !socket.destroyed) {
        socket.resume();
      }
    };
    socket.on('data', (chunk: Buffer) => {
      const pushed = stream.push(chunk);
      for (const frame of pushed.frames) {
        session.receive(frame).then(
          () => {
            stream.accepted();
            settled();
          },
          () => {
            if (stream.refused(frame.length)) drop('undecodable frames');
            settled();
          },
        );
      }
      if (pushed.overflow) return drop('junk or a frame over the buffer limit');
      if (session.backlog >= MAX_WAITING_FRAMES) socket.pause();
    });
    socket.on('timeout', () => socket.destroy());
    socket.on('error', (error) => {
      deps.log.debug({ err: error, protocol: protocol.name, address }, 'device connection error');
    });
    socket.on('close', () => {
      clearTimeout(unbound);
      sessions.delete(socket);
      session.closed(stopping);
    });
  };

  const server = net.createServer({ pauseOnConnect: false }, accept);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (error) =>
    deps.log.error({ err: error, protocol: protocol.name }, 'listener'),
  );
  const { port } = server.address() as AddressInfo;

  return {
    port,
    get connections() {
      return sessions.size;
    },
    async close(graceMs = 3_000) {
      stopping = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Frames not read yet stay unanswered: the device sends them again after reconnecting.
      for (const socket of sessions.keys()) socket.pause();
      const idle = Promise.all([...sessions.values()].map((session) => session.idle()));
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([idle, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))]);
      clearTimeout(timer);
      // Answers written are flushed before the connection ends; one that will not take them
      // (a device that stopped reading) is cut a second later.
      for (const socket of sessions.keys()) {
        socket.end();
        setTimeout(() => socket.destroy(), 1_000).unref();
      }
      await closed;
    },
  };
}
