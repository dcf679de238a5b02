import type { DecodedPosition } from '../../processing/types';

/**
 * What one device protocol is, as the shared session layer runs it (docs/protocols.md): how its
 * byte stream splits into frames, how a frame decodes into identifiers, positions and a reply,
 * and how a command encodes for the device. Everything here is pure: no sockets, no database.
 * A protocol folder exports one `ProtocolDefinition`; `server/protocol/index.ts` lists them.
 */

export type Transport = 'tcp' | 'udp';

export interface ProtocolDefinition {
  /** Traccar's protocol name, stored as `position.protocol` (`gt06`, `teltonika`, …). */
  readonly name: string;
  /** Traccar's default port; `<NAME>_PORT` overrides it (a number, 0 for any, or `off`). */
  readonly defaultPort: number;
  /** Where the protocol listens on that port: TCP, and UDP too for some. */
  readonly transports: readonly Transport[];
  /** A new splitter for one TCP connection, and for each UDP datagram unless `datagrams` says. */
  splitter(): FrameSplitter;
  /**
   * How a UDP datagram is read: `split` (default) through a new splitter, like a short stream of
   * frames; `whole` as one frame of its own layout (Teltonika's UDP packets).
   */
  readonly datagrams?: 'split' | 'whole';
  /** Decodes one whole frame; throws `FrameError` (or any error) for a frame it cannot read. */
  decode(frame: Buffer, context: DecodeContext): DecodeResult;
  /** Command types the device takes over its connection (`GET /api/commands/types`). */
  readonly commands: readonly string[];
  /** The bytes a command is sent as; null for a type or attributes the protocol cannot carry. */
  encode(command: CommandData, context: EncodeContext): Buffer | null;
  /** Command types the device takes by SMS, when its installers configure it that way. */
  readonly textCommands?: readonly string[];
  /** The SMS text of a command; null when it has none. */
  encodeText?(command: CommandData): string | null;
  /**
   * The device side of the protocol, for the simulator, the demo fleet, the benchmarks and the
   * tests: what a tracker of this family sends and how it reads the server's frames.
   */
  readonly device: DeviceSimulator;
}

/**
 * Splits one connection's byte stream. `next` looks at the bytes not consumed yet and returns the
 * next frame at their start, bytes to skip (garbage before a frame, a frame whose checksum fails),
 * or null when it needs more bytes. The session keeps at most its buffer limit of unconsumed bytes
 * and drops the connection beyond it, so a splitter need not bound anything itself.
 */
export interface FrameSplitter {
  next(buffer: Buffer): SplitResult | null;
}

export type SplitResult =
  /** `frame` is what the decoder receives (often a view of `buffer`); `length` bytes are consumed. */
  { frame: Buffer; length: number } | { skip: number };

/** What a decoder knows of its connection. */
export interface DecodeContext {
  /** The identifier the connection bound to (a device the server knows), null before. */
  readonly uniqueId: string | null;
  /**
   * Memory of this connection the protocol keeps between frames and shares with its encoder
   * (a serial number, the codec in use, a terminal's phone number): the protocol's own keys.
   */
  readonly state: Map<string, unknown>;
  /** When the frame arrived (epoch ms): the device time of a frame that carries none. */
  readonly now: number;
  readonly transport: Transport;
}

export interface DecodeResult {
  /**
   * The identifiers the frame names, best first (a login's IMEI, or each message's). The
   * connection binds to the first one the server knows; a later frame naming none of the bound
   * device's identifiers is ignored, never written to another device.
   */
  identify?: readonly string[];
  /**
   * Positions, `uniqueId` left empty (the session fills in the bound device). A message without a
   * fresh fix (a heartbeat, a status, a command's answer) is `outdated`: the server keeps the last
   * location. A command's answer carries its text in `attributes.result`.
   */
  positions?: DecodedPosition[];
  /**
   * Sent once the frame is dealt with: after its positions are stored, refused as impossible or
   * dropped as duplicates (so the device's memory drains), or at once when it has none. Not sent
   * when storing failed (the device sends them again) or the device is unknown.
   */
  reply?: Buffer;
  /** Sent when the frame names a device the server does not know (Teltonika's 0x00). */
  replyUnknown?: Buffer;
}

/** A command as the encoder receives it (a saved command's or the API body's). */
export interface CommandData {
  type: string;
  attributes: Record<string, unknown>;
}

export interface EncodeContext {
  /** The bound device's identifier. */
  readonly uniqueId: string;
  /** The connection's memory, shared with the decoder. */
  readonly state: Map<string, unknown>;
  readonly transport: Transport;
}

/**
 * A frame the decoder cannot read. The session logs it (and counts it as junk toward the
 * connection's limit); nothing is stored and nothing is answered.
 */
export class FrameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrameError';
  }
}

// ---------------------------------------------------------------- the device side

/** One fix a simulated device reports. */
export interface SimulatedFix {
  /** Epoch ms of the fix. */
  time: number;
  valid: boolean;
  latitude: number;
  longitude: number;
  /** Knots. */
  speed: number;
  /** Degrees. */
  course: number;
  /** Metres. */
  altitude?: number;
  satellites?: number;
  ignition?: boolean;
  /** Whether the engine is cut (the relay an `engineStop` closes). */
  blocked?: boolean;
  /** Main power, volts. */
  power?: number;
  /** Battery level, percent. */
  batteryLevel?: number;
  /** Odometer, metres. */
  odometer?: number;
  /** One of Traccar's alarm keys the device raises with this fix. */
  alarm?: string;
  /** An RFID/iButton driver identifier read with this fix. */
  driverUniqueId?: string;
}

/** A frame the server sent, as the device reads it. */
export type ReceivedFrame =
  /** An acknowledgement (or anything else the device needs not act on). */
  | { kind: 'ack' }
  /**
   * A command: its text as the device reads it (`DYD,000000#`, `setdigout 1`, …), the type it
   * stands for when it is one the simulator obeys, and what the answer needs (a serial number).
   */
  | { kind: 'command'; text: string; type: 'engineStop' | 'engineResume' | null; serial?: number };

/** One simulated device's connection. */
export interface SimulatedDevice {
  /** Frames sent on connecting, before any position (a login); empty when every frame names it. */
  hello(): Buffer[];
  /** One position report. */
  position(fix: SimulatedFix): Buffer;
  /** A keep-alive or status frame without a fix. */
  heartbeat(): Buffer;
  /** A splitter for the bytes the server sends to the device. */
  splitter(): FrameSplitter;
  /** Reads one frame the server sent. */
  receive(frame: Buffer): ReceivedFrame;
  /** The frame answering a command with the device's result text. */
  answer(command: Extract<ReceivedFrame, { kind: 'command' }>, result: string): Buffer;
}

export interface DeviceSimulator {
  /** How the device reaches the server. */
  readonly transport: Transport;
  /** The identifier a device of this family is stored under, from a simulator's number. */
  uniqueId(index: number): string;
  /** A new connection of the device `uniqueId` (as `uniqueId` made it). */
  connect(uniqueId: string): SimulatedDevice;
}
