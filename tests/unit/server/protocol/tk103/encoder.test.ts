import { describe, expect, it } from 'vitest';
import type { EncodeContext } from '../../../../../server/protocol/shared/definition';
import { tk103 } from '../../../../../server/protocol/tk103';

const ID = '012345678901';

function original(): EncodeContext {
  return { uniqueId: ID, state: new Map(), transport: 'tcp' };
}

/** A connection whose unit has spoken the comma-separated (T580W) dialect. */
function separated(): EncodeContext {
  const state = new Map<string, unknown>();
  tk103.decode(
    Buffer.from(
      '(864768011069660,ZC11,250517,A,3211.7118N,03452.8086E,0.68,115525,208.19,64.50,9)',
    ),
    { uniqueId: null, state, now: 0, transport: 'tcp' },
  );
  return { uniqueId: '864768011069660', state, transport: 'tcp' };
}

const encode = (
  type: string,
  attributes: Record<string, unknown> = {},
  context: EncodeContext = original(),
): string | null => tk103.encode({ type, attributes }, context)?.toString('latin1') ?? null;

describe('tk103 commands to the original units', () => {
  it.each([
    ['engineStop', 'AV010'],
    ['engineResume', 'AV011'],
    ['positionSingle', 'AP00'],
    ['positionStop', 'AR0000000000'],
    ['getVersion', 'AP07'],
    ['rebootDevice', 'AT00'],
    ['setOdometer', 'AX01'],
  ])('%s is (<id>%s)', (type, body) => {
    expect(encode(type)).toBe(`(${ID}${body})`);
  });

  it('sends the periodic interval as four hex digits of seconds', () => {
    expect(encode('positionPeriodic', { frequency: 60 })).toBe(`(${ID}AR00003C0000)`);
    expect(encode('positionPeriodic', { frequency: '3600' })).toBe(`(${ID}AR000E100000)`);
    expect(encode('positionPeriodic', {})).toBeNull();
    expect(encode('positionPeriodic', { frequency: 0x10000 })).toBeNull();
  });

  it('switches the output on and off', () => {
    expect(encode('outputControl', { index: 1, data: '1' })).toBe(`(${ID}AV001)`);
    expect(encode('outputControl', { data: 0 })).toBe(`(${ID}AV000)`);
    expect(encode('outputControl', { data: 'on' })).toBeNull();
  });

  it('carries a custom command after the id', () => {
    expect(encode('custom', { data: 'AA00' })).toBe(`(${ID}AA00)`);
    expect(encode('custom', {})).toBeNull();
  });

  it('has no original form for the T580W-only commands', () => {
    expect(encode('getDeviceStatus')).toBeNull();
    expect(encode('alarmSos', { enable: true })).toBeNull();
    expect(encode('setTimezone', { timezone: 'UTC' })).toBeNull();
  });
});

describe('tk103 commands to the comma-separated units', () => {
  it.each([
    ['positionSingle', {}, '*getposl*'],
    ['positionPeriodic', { frequency: 60 }, '*routetrack*99*'],
    ['positionStop', {}, '*routetrackoff*'],
    ['getVersion', {}, '*about*'],
    ['rebootDevice', {}, '88888888'],
    ['powerOff', {}, '*turnoff*'],
    ['getDeviceStatus', {}, '*status*'],
    ['deviceIdentification', {}, '999999'],
    ['alarmSos', { enable: true }, '*soson*'],
    ['alarmSos', { enable: false }, '*sosoff*'],
    ['modeDeepSleep', { enable: true }, '*sleep*2*'],
    ['modePowerSaving', { enable: true }, '*sleepv*'],
    ['modePowerSaving', { enable: false }, '*sleepoff*'],
    ['custom', { data: 'any text is ok' }, 'any text is ok'],
    ['setConnection', { server: '1.2.3.4', port: '5555' }, '*setip*1*2*3*4*5555*'],
    [
      'sosNumber',
      { phone: '+55555555555', devicePassword: '232323' },
      '*master*232323*+55555555555*',
    ],
    ['sosNumber', { phone: '+55555555555' }, '*master*123456*+55555555555*'],
  ])('%s %o is wrapped as sms2', (type, attributes, text) => {
    expect(encode(type, attributes, separated())).toBe(`[begin]sms2,${text},[end]`);
  });

  it('has no engine commands in that dialect', () => {
    expect(encode('engineStop', {}, separated())).toBeNull();
    expect(encode('outputControl', { data: '1' }, separated())).toBeNull();
  });

  it('refuses a connection or number it cannot write', () => {
    expect(encode('setConnection', { server: '1.2.3.4' }, separated())).toBeNull();
    expect(encode('sosNumber', { phone: 'mum' }, separated())).toBeNull();
  });

  it('gives the same texts for SMS', () => {
    expect(tk103.encodeText!({ type: 'positionSingle', attributes: {} })).toBe('*getposl*');
    expect(tk103.encodeText!({ type: 'engineStop', attributes: {} })).toBeNull();
  });
});

describe('tk103 command lists', () => {
  const attributes = { data: '1', frequency: 60, server: '1.2.3.4', port: 5002, phone: '+123456' };

  it('encodes every listed command in one of the two dialects', () => {
    for (const type of tk103.commands) {
      const either = encode(type, attributes) ?? encode(type, attributes, separated());
      expect(either, type).not.toBeNull();
    }
  });

  it('writes every listed SMS command', () => {
    for (const type of tk103.textCommands!) {
      expect(tk103.encodeText!({ type, attributes }), type).not.toBeNull();
    }
  });
});
