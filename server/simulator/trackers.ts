import net from 'node:net';
import type {
  ProtocolDefinition,
  ReceivedFrame,
  SimulatedDevice,
  SimulatedFix,
} from '../protocol/shared/definition';
import { FrameStream } from '../protocol/shared/frameStream';
import type { SimulatorCommand } from './message';
import type { SendResult } from './sender';
import type { VehicleReport } from './vehicle';

/**
 * Simulated hardware trackers: each vehicle holds one TCP connection to its protocol's port, as a
 * tracker wired to a vehicle does, logs in on connecting, writes its reports there, obeys the
 * engine commands the server sends and answers them (docs/protocols.md). A dropped connection is
 * opened again after a pause, as devices do.
 */

export interface TrackerLinksOptions {
  protocol: ProtocolDefinition;
  host: string;
  port: number;
  /** A command the server sent; true when the vehicle obeyed it. */
  onCommand: (uniqueId: string, command: SimulatorCommand) => boolean;
  /** Pause before opening a dropped connection again. Default 5 s. */
  reconnectMs?: number;
}

export interface TrackerStats {
  /** Connections open now. */
  connected: number;
  /** Reports written to a connection. */
  sent: number;
  /** Frames the server sent that the device reads as acknowledgements. */
  acknowledged: number;
  /** Commands received. */
  commands: number;
  /** Reports not written: the connection was down. */
  dropped: number;
  /** Connections opened again after they dropped. */
  reconnects: number;
}

const WRITTEN: SendResult = { ok: true, status: 200, body: '' };
const DOWN: SendResult = { ok: false, status: 0, body: '', dropped: true };

/** What a tracker answers to an engine command it obeyed. */
const ANSWERS: Record<SimulatorCommand, string> = {
  engineStop: 'Engine stopped: OK',
  engineResume: 'Engine resumed: OK',
};

class TrackerLink {
  private socket: net.Socket | null = null;
  private device: SimulatedDevice | null = null;
  private open = false;
  private closing = false;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    readonly uniqueId: string,
    private readonly options: TrackerLinksOptions,
    private readonly stats: TrackerStats,
  ) {}

  connect(): void {
    if (this.closing || this.socket) return;
    const { protocol, host, port } = this.options;
    const device = protocol.device.connect(this.uniqueId);
    const stream = new FrameStream(device.splitter());
    const socket = net.connect({ host, port });
    this.socket = socket;
    this.device = device;
    socket.setNoDelay(true);
    socket.on('connect', () => {
      this.open = true;
      this.stats.connected++;
      for (const frame of device.hello()) socket.write(frame);
    });
    socket.on('data', (chunk: Buffer) => {
      for (const frame of stream.push(chunk).frames) this.received(device, device.receive(frame));
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (this.open) this.stats.connected--;
      this.open = false;
      this.socket = null;
      this.device = null;
      if (this.closing) return;
      this.retry = setTimeout(() => {
        this.retry = null;
        this.stats.reconnects++;
        this.connect();
      }, this.options.reconnectMs ?? 5_000);
      this.retry.unref();
    });
  }

  report(report: VehicleReport): SendResult {
    if (!this.open || !this.socket || !this.device) {
      this.connect();
      this.stats.dropped++;
      return DOWN;
    }
    this.socket.write(this.device.position(fixOf(report)));
    this.stats.sent++;
    return WRITTEN;
  }

  private received(device: SimulatedDevice, frame: ReceivedFrame): void {
    if (frame.kind === 'ack') {
      this.stats.acknowledged++;
      return;
    }
    this.stats.commands++;
    const obeyed = frame.type !== null && this.options.onCommand(this.uniqueId, frame.type);
    const answer = obeyed && frame.type ? ANSWERS[frame.type] : `Unknown command: ${frame.text}`;
    this.socket?.write(device.answer(frame, answer));
  }

  close(): Promise<void> {
    this.closing = true;
    if (this.retry) clearTimeout(this.retry);
    const socket = this.socket;
    if (!socket) return Promise.resolve();
    return new Promise((resolve) => {
      socket.once('close', () => resolve());
      socket.end();
      setTimeout(() => socket.destroy(), 1_000).unref();
    });
  }
}

/** The fix a tracker reports for the vehicle's state. */
export function fixOf(report: VehicleReport): SimulatedFix {
  return {
    time: report.time,
    valid: true,
    latitude: report.latitude,
    longitude: report.longitude,
    speed: report.speed,
    course: report.course,
    altitude: report.altitude,
    satellites: report.sat,
    ignition: report.ignition,
    blocked: report.blocked,
    power: report.power,
    batteryLevel: report.batteryLevel,
    odometer: report.odometer,
    alarm: report.alarm?.split(',')[0],
  };
}

/** One protocol's simulated trackers, a connection each. */
export class TrackerLinks {
  readonly stats: TrackerStats = {
    connected: 0,
    sent: 0,
    acknowledged: 0,
    commands: 0,
    dropped: 0,
    reconnects: 0,
  };
  private readonly links = new Map<string, TrackerLink>();

  constructor(private readonly options: TrackerLinksOptions) {}

  get protocol(): string {
    return this.options.protocol.name;
  }

  /** Opens the connections of these trackers now (a fleet's devices log in as it starts). */
  connect(uniqueIds: readonly string[]): void {
    for (const uniqueId of uniqueIds) this.link(uniqueId).connect();
  }

  /** Writes one report on its tracker's connection (opening it first if needed). */
  send(report: VehicleReport): Promise<SendResult> {
    return Promise.resolve(this.link(report.uniqueId).report(report));
  }

  async close(): Promise<void> {
    await Promise.all([...this.links.values()].map((link) => link.close()));
  }

  private link(uniqueId: string): TrackerLink {
    let link = this.links.get(uniqueId);
    if (!link)
      this.links.set(uniqueId, (link = new TrackerLink(uniqueId, this.options, this.stats)));
    return link;
  }
}
