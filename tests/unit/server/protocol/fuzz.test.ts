import { describe, expect, it } from 'vitest';
import { DEVICE_PROTOCOLS } from '../../../../server/protocol';
import {
  FrameError,
  type DecodeContext,
  type ProtocolDefinition,
  type SimulatedFix,
} from '../../../../server/protocol/shared/definition';
import { FrameStream } from '../../../../server/protocol/shared/frameStream';

/**
 * Every protocol against what a hostile or broken peer sends (docs/protocols.md): valid frames
 * cut short, with bytes flipped, glued to garbage, and random bytes, in random packet sizes. The
 * splitter always makes progress and stays within its buffer; the decoder either decodes or
 * refuses with a `FrameError` (never a RangeError or a TypeError from a field it trusted); every
 * position it returns lies on the globe. Deterministic: a fixed seed per protocol.
 */

/** A small deterministic generator (mulberry32), so a failure is reproducible. */
function rng(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIX: SimulatedFix = {
  time: Date.UTC(2026, 10, 30, 12, 0, 0),
  valid: true,
  latitude: -23.5505,
  longitude: -46.6333,
  speed: 27,
  course: 181,
  altitude: 760,
  satellites: 8,
  ignition: true,
  blocked: false,
  power: 12.4,
  batteryLevel: 80,
  odometer: 123_456,
  alarm: 'sos',
  driverUniqueId: '00A1B2C3',
};

/** The frames a real device of the family sends, for the mutations to start from. */
function validFrames(protocol: ProtocolDefinition): Buffer[] {
  const device = protocol.device.connect(protocol.device.uniqueId(7));
  const frames = [...device.hello(), device.position(FIX), device.heartbeat()];
  frames.push(device.position({ ...FIX, alarm: undefined, driverUniqueId: undefined }));
  const command = protocol.encode(
    { type: 'engineStop', attributes: {} },
    { uniqueId: protocol.device.uniqueId(7), state: new Map(), transport: 'tcp' },
  );
  if (command) {
    const read = device.receive(command);
    if (read.kind === 'command') frames.push(device.answer(read, 'Engine stopped'));
  }
  return frames;
}

function mutate(frame: Buffer, random: () => number): Buffer {
  const copy = Buffer.from(frame);
  switch (Math.floor(random() * 5)) {
    case 0:
      return copy.subarray(0, Math.floor(random() * copy.length));
    case 1: {
      const flips = 1 + Math.floor(random() * 4);
      for (let i = 0; i < flips && copy.length > 0; i++) {
        copy[Math.floor(random() * copy.length)] = Math.floor(random() * 256);
      }
      return copy;
    }
    case 2:
      return Buffer.concat([randomBytes(random, 1 + Math.floor(random() * 40)), copy]);
    case 3: {
      // A length or count field lying high: the bytes after the start made large.
      const at = Math.min(copy.length - 1, 2 + Math.floor(random() * 6));
      if (at >= 0) copy[at] = 0xff;
      return copy;
    }
    default:
      return randomBytes(random, 1 + Math.floor(random() * 300));
  }
}

function randomBytes(random: () => number, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = Math.floor(random() * 256);
  return bytes;
}

/** Feeds bytes in random packet sizes and decodes each frame; returns how many decoded. */
function run(protocol: ProtocolDefinition, bytes: Buffer, random: () => number): number {
  const stream = new FrameStream(protocol.splitter());
  const context: DecodeContext = {
    uniqueId: protocol.device.uniqueId(7),
    state: new Map(),
    now: FIX.time,
    transport: 'tcp',
  };
  let decoded = 0;
  for (let offset = 0; offset < bytes.length;) {
    const size = 1 + Math.floor(random() * 64);
    const pushed = stream.push(bytes.subarray(offset, offset + size));
    offset += size;
    expect(stream.buffered).toBeLessThanOrEqual(64 * 1024);
    for (const frame of pushed.frames) {
      try {
        const result = protocol.decode(frame, context);
        decoded++;
        for (const position of result.positions ?? []) {
          expect(Math.abs(position.latitude)).toBeLessThanOrEqual(90);
          expect(Math.abs(position.longitude)).toBeLessThanOrEqual(180);
          expect(Number.isFinite(position.fixTime)).toBe(true);
        }
      } catch (error) {
        if (!(error instanceof FrameError)) {
          throw new Error(
            `${protocol.name} threw ${String(error)} on frame ${frame.toString('hex')}`,
          );
        }
      }
    }
    if (pushed.overflow) break;
  }
  return decoded;
}

describe.each(DEVICE_PROTOCOLS.map((protocol, index) => ({ protocol, index })))(
  '$protocol.name against broken and hostile input',
  ({ protocol, index }) => {
    const frames = validFrames(protocol);

    it('decodes what its own devices send, in any packet sizes', () => {
      const random = rng(1_000 + index);
      expect(run(protocol, Buffer.concat(frames), random)).toBeGreaterThanOrEqual(frames.length);
    });

    it('refuses mutated frames with a FrameError at worst, never a crash', () => {
      const random = rng(index + 1);
      for (let round = 0; round < 1_500; round++) {
        const frame = frames[Math.floor(random() * frames.length)];
        const input = Buffer.concat([mutate(frame, random), frames[round % frames.length]]);
        run(protocol, input, random);
      }
    });

    it('drops a connection that sends a megabyte of junk', () => {
      // As the TCP listener does: frames the splitter cut are decoded, and refused ones count
      // as junk too (a text protocol cuts random bytes at every stray delimiter).
      const random = rng(index + 77);
      const stream = new FrameStream(protocol.splitter());
      const context: DecodeContext = {
        uniqueId: null,
        state: new Map(),
        now: FIX.time,
        transport: 'tcp',
      };
      let dropped = false;
      for (let i = 0; i < 1_024 && !dropped; i++) {
        const pushed = stream.push(randomBytes(random, 1_024));
        dropped = pushed.overflow;
        for (const frame of pushed.frames) {
          try {
            protocol.decode(frame, context);
            stream.accepted();
          } catch {
            dropped ||= stream.refused(frame.length);
          }
        }
      }
      expect(dropped).toBe(true);
    });
  },
);
