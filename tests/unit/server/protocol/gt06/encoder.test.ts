/**
 * GT06 commands: the online-command packet (0x80) byte for byte, each command's text, the
 * per-connection serial, and the SMS texts an installer would send.
 */
import { describe, expect, it } from 'vitest';
import type { CommandData, EncodeContext } from '../../../../../server/protocol/shared/definition';
import { gt06 } from '../../../../../server/protocol/gt06';

const context = (state = new Map<string, unknown>()): EncodeContext => ({
  uniqueId: '862874040737830',
  state,
  transport: 'tcp',
});

const command = (type: string, attributes: Record<string, unknown> = {}): CommandData => ({
  type,
  attributes,
});

/** The text carried by a 0x80 packet (after the length byte and the four-byte server flag). */
function text(frame: Buffer | null): string | null {
  if (frame === null) return null;
  const length = frame[4];
  return frame.subarray(9, 5 + length).toString('latin1');
}

describe('GT06 online commands (0x80)', () => {
  it('sends engine stop byte for byte as Traccar does', () => {
    expect(gt06.encode(command('engineStop'), context())?.toString('hex')).toBe(
      '787812800c0000000052656c61792c312300009dee0d0a',
    );
  });

  it('sends the relay texts for engine stop and resume', () => {
    expect(text(gt06.encode(command('engineStop'), context()))).toBe('Relay,1#');
    expect(text(gt06.encode(command('engineResume'), context()))).toBe('Relay,0#');
  });

  it('counts the packet serial per connection', () => {
    const state = new Map<string, unknown>();
    const first = gt06.encode(command('engineStop'), context(state))!;
    const second = gt06.encode(command('engineResume'), context(state))!;
    expect(first.readUInt16BE(first.length - 6)).toBe(0);
    expect(second.readUInt16BE(second.length - 6)).toBe(1);
    const other = gt06.encode(command('engineResume'), context())!;
    expect(other.readUInt16BE(other.length - 6)).toBe(0);
  });

  it('carries the other documented texts', () => {
    expect(text(gt06.encode(command('positionSingle'), context()))).toBe('WHERE#');
    expect(text(gt06.encode(command('rebootDevice'), context()))).toBe('RESET#');
    expect(text(gt06.encode(command('factoryReset'), context()))).toBe('FACTORY#');
    expect(text(gt06.encode(command('getVersion'), context()))).toBe('VERSION#');
    expect(text(gt06.encode(command('getDeviceStatus'), context()))).toBe('STATUS#');
    expect(text(gt06.encode(command('positionPeriodic', { frequency: 30 }), context()))).toBe(
      'TIMER,30#',
    );
  });

  it('sends a custom command text as given', () => {
    const frame = gt06.encode(command('custom', { data: 'SOS,A,5511999990000#' }), context());
    expect(text(frame)).toBe('SOS,A,5511999990000#');
    // Length byte: protocol number, length, flag, text, serial, CRC.
    expect(frame![2]).toBe(1 + 1 + 4 + 20 + 2 + 2);
  });

  it('sets the zone from a zone name or a fixed offset', () => {
    expect(
      text(gt06.encode(command('setTimezone', { timezone: 'America/Sao_Paulo' }), context())),
    ).toBe('GMT,W,3,0#');
    expect(text(gt06.encode(command('setTimezone', { timezone: 'Asia/Kolkata' }), context()))).toBe(
      'GMT,E,5,30#',
    );
    expect(text(gt06.encode(command('setTimezone', { timezone: 'UTC' }), context()))).toBe(
      'GMT,E,0,0#',
    );
    expect(text(gt06.encode(command('setTimezone', { timezone: 'GMT-4' }), context()))).toBe(
      'GMT,W,4,0#',
    );
  });

  it('refuses what it cannot send', () => {
    expect(gt06.encode(command('alarmArm'), context())).toBeNull();
    expect(gt06.encode(command('custom', {}), context())).toBeNull();
    expect(gt06.encode(command('custom', { data: 'x'.repeat(300) }), context())).toBeNull();
    expect(gt06.encode(command('custom', { data: 'relé#' }), context())).toBeNull();
    expect(gt06.encode(command('positionPeriodic', { frequency: 'often' }), context())).toBeNull();
    expect(
      gt06.encode(command('setTimezone', { timezone: 'Nowhere/Atlantis' }), context()),
    ).toBeNull();
  });

  it('lists exactly the types it encodes', () => {
    const attributes: Record<string, Record<string, unknown>> = {
      positionPeriodic: { frequency: 60 },
      setTimezone: { timezone: 'UTC' },
      custom: { data: 'PARAM#' },
    };
    for (const type of gt06.commands) {
      expect([type, gt06.encode(command(type, attributes[type] ?? {}), context())]).toEqual([
        type,
        expect.any(Buffer),
      ]);
    }
  });
});

describe('GT06 SMS commands', () => {
  it('writes the texts of the Concox manuals', () => {
    const sms = (type: string, attributes: Record<string, unknown> = {}) =>
      gt06.encodeText!(command(type, attributes));
    expect(sms('engineStop')).toBe('RELAY,1#');
    expect(sms('engineResume')).toBe('RELAY,0#');
    expect(sms('positionSingle')).toBe('WHERE#');
    expect(sms('rebootDevice')).toBe('RESET#');
    expect(sms('positionPeriodic', { frequency: 10 })).toBe('TIMER,10#');
    expect(sms('custom', { data: 'APN,zap.vivo.com.br#' })).toBe('APN,zap.vivo.com.br#');
    expect(sms('alarmDisarm')).toBeNull();
  });

  it('has a text for every SMS command type it lists', () => {
    for (const type of gt06.textCommands!) {
      const attributes = { frequency: 60, timezone: 'UTC', data: 'PARAM#' };
      expect([type, typeof gt06.encodeText!(command(type, attributes))]).toEqual([type, 'string']);
    }
  });
});
