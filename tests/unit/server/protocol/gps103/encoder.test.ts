import { describe, expect, it } from 'vitest';
import { gps103 } from '../../../../../server/protocol/gps103';
import type { CommandData, EncodeContext } from '../../../../../server/protocol/shared/definition';

const IMEI = '123456789012345';
const context: EncodeContext = { uniqueId: IMEI, state: new Map(), transport: 'tcp' };

const encode = (type: string, attributes: Record<string, unknown> = {}): string | null =>
  gps103.encode({ type, attributes }, context)?.toString('latin1') ?? null;

const text = (type: string, attributes: Record<string, unknown> = {}): string | null =>
  gps103.encodeText!({ type, attributes } satisfies CommandData);

describe('gps103 GPRS commands', () => {
  it.each([
    ['engineStop', 'J'],
    ['engineResume', 'K'],
    ['positionSingle', 'B'],
    ['positionStop', 'D'],
    ['alarmArm', 'L'],
    ['alarmDisarm', 'M'],
    ['requestPhoto', '160'],
  ])('%s is **,imei:<imei>,%s without a terminator', (type, letter) => {
    expect(encode(type)).toBe(`**,imei:${IMEI},${letter}`);
  });

  it('sends the periodic interval in its largest whole unit, two digits', () => {
    expect(encode('positionPeriodic', { frequency: 300 })).toBe(`**,imei:${IMEI},C,05m`);
    expect(encode('positionPeriodic', { frequency: 30 })).toBe(`**,imei:${IMEI},C,30s`);
    expect(encode('positionPeriodic', { frequency: 7200 })).toBe(`**,imei:${IMEI},C,02h`);
    expect(encode('positionPeriodic', { frequency: '60' })).toBe(`**,imei:${IMEI},C,01m`);
  });

  it('refuses a periodic command without a usable interval', () => {
    expect(encode('positionPeriodic')).toBeNull();
    expect(encode('positionPeriodic', { frequency: 0 })).toBeNull();
    expect(encode('positionPeriodic', { frequency: 'often' })).toBeNull();
    expect(encode('positionPeriodic', { frequency: 1.5 })).toBeNull();
  });

  it('carries a custom command after the IMEI, as typed', () => {
    expect(encode('custom', { data: 'H,080' })).toBe(`**,imei:${IMEI},H,080`);
    expect(encode('custom', {})).toBeNull();
    expect(encode('custom', { data: '' })).toBeNull();
  });

  it('lists exactly the types it encodes', () => {
    for (const type of gps103.commands) {
      const attributes = type === 'custom' ? { data: 'B' } : { frequency: 60 };
      expect(encode(type, attributes), type).not.toBeNull();
    }
    expect(encode('rebootDevice')).toBeNull();
    expect(encode('setTimezone', { timezone: 'UTC' })).toBeNull();
  });
});

describe('gps103 SMS commands', () => {
  it.each([
    ['engineStop', 'stop123456'],
    ['engineResume', 'resume123456'],
    ['alarmArm', 'arm123456'],
    ['alarmDisarm', 'disarm123456'],
    ['positionStop', 'nofix123456'],
    ['rebootDevice', 'reset123456'],
  ])('%s is %s with the factory password', (type, sms) => {
    expect(text(type)).toBe(sms);
  });

  it('uses the password the installer set', () => {
    expect(text('engineStop', { devicePassword: '654321' })).toBe('stop654321');
  });

  it('writes the tracking interval as three digits and a unit, without a count limit', () => {
    expect(text('positionPeriodic', { frequency: 30 })).toBe('fix030s***n123456');
    expect(text('positionPeriodic', { frequency: 300 })).toBe('fix005m***n123456');
    expect(text('positionPeriodic', { frequency: 7200 })).toBe('fix002h***n123456');
    expect(text('positionPeriodic', { frequency: 400 * 3600 })).toBeNull();
  });

  it('points the unit at a server', () => {
    expect(text('setConnection', { server: '203.0.113.5', port: 5001 })).toBe(
      'adminip123456 203.0.113.5 5001',
    );
    expect(text('setConnection', { server: '203.0.113.5' })).toBeNull();
    expect(text('setConnection', { server: 'a b', port: 5001 })).toBeNull();
  });

  it('sends a custom text as typed, and nothing for a type without an SMS', () => {
    expect(text('custom', { data: 'check123456' })).toBe('check123456');
    expect(text('positionSingle')).toBeNull();
  });

  it('lists exactly the types it writes', () => {
    for (const type of gps103.textCommands!) {
      const attributes = { data: 'x', frequency: 60, server: '203.0.113.5', port: 5001 };
      expect(text(type, attributes), type).not.toBeNull();
    }
  });
});
