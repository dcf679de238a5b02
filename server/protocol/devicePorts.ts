import type { ProtocolDefinition } from './shared/definition';
import type { SessionDeps } from './shared/session';
import { startTcpListener, type TcpListener } from './shared/tcpListener';
import { startUdpListener, type UdpListener } from './shared/udpListener';

/**
 * The hardware protocols' ports (docs/protocols.md): each protocol listens on its port, on TCP
 * and, where the family also sends datagrams, on UDP with the same number.
 */

export interface DevicePort {
  protocol: string;
  port: number;
}

export interface DevicePorts {
  readonly ports: readonly DevicePort[];
  /** Devices holding a TCP connection or a recent UDP peer, over every port. */
  readonly connections: number;
  /**
   * Stops taking connections and reading; frames in hand are answered (up to `graceMs`, a few
   * seconds by default), then every TCP connection ends.
   */
  close(graceMs?: number): Promise<void>;
}

interface Running {
  protocol: ProtocolDefinition;
  tcp: TcpListener | null;
  udp: UdpListener | null;
}

/** Attempts at a free port number both TCP and UDP can take, when asked for any port (0). */
const PORT_ATTEMPTS = 5;

async function listen(
  protocol: ProtocolDefinition,
  port: number,
  host: string,
  deps: SessionDeps,
): Promise<Running> {
  const wantsTcp = protocol.transports.includes('tcp');
  const wantsUdp = protocol.transports.includes('udp');
  for (let attempt = 1; ; attempt++) {
    const tcp = wantsTcp ? await startTcpListener(protocol, { port, host, deps }) : null;
    try {
      const udp = wantsUdp
        ? await startUdpListener(protocol, { port: tcp?.port ?? port, host, deps })
        : null;
      return { protocol, tcp, udp };
    } catch (error) {
      await tcp?.close(0);
      // Port 0 gave TCP a number another program holds on UDP: try another number.
      const taken = (error as NodeJS.ErrnoException).code === 'EADDRINUSE';
      if (port !== 0 || !taken || attempt >= PORT_ATTEMPTS) throw error;
    }
  }
}

/**
 * Starts every protocol given a port (`ports`: protocol name → number, 0 for any free one).
 * Fails, with the listeners it started closed again, when a port cannot be taken.
 */
export async function startDevicePorts(
  protocols: readonly ProtocolDefinition[],
  ports: ReadonlyMap<string, number>,
  host: string,
  deps: SessionDeps,
): Promise<DevicePorts> {
  const running: Running[] = [];
  try {
    for (const protocol of protocols) {
      const port = ports.get(protocol.name);
      if (port === undefined) continue;
      running.push(await listen(protocol, port, host, deps));
    }
  } catch (error) {
    await Promise.all(running.flatMap((r) => [r.tcp?.close(0), r.udp?.close()]));
    throw error;
  }
  return {
    ports: running.map((r) => ({
      protocol: r.protocol.name,
      port: r.tcp?.port ?? r.udp?.port ?? 0,
    })),
    get connections() {
      return running.reduce((n, r) => n + (r.tcp?.connections ?? 0) + (r.udp?.peers ?? 0), 0);
    },
    async close(graceMs?: number) {
      await Promise.all(running.flatMap((r) => [r.tcp?.close(graceMs), r.udp?.close()]));
    },
  };
}
