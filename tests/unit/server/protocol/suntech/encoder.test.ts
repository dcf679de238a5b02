import { describe, expect, it } from 'vitest';
import { suntech } from '../../../../../server/protocol/suntech';
import type { CommandData } from '../../../../../server/protocol/shared/definition';
import { decode } from './helpers';

const ID = '100850000';

function encode(
  type: string,
  attributes: Record<string, unknown> = {},
  state = new Map<string, unknown>(),
): string | null {
  const command: CommandData = { type, attributes };
  const bytes = suntech.encode(command, { uniqueId: ID, state, transport: 'tcp' });
  return bytes === null ? null : bytes.toString('latin1');
}

/** A connection whose device sent a universal report. */
function universal(): Map<string, unknown> {
  const state = new Map<string, unknown>();
  decode('ALV;100850000', state);
  return state;
}

/** A connection whose device sent an ST300 report. */
function st300(): Map<string, unknown> {
  const state = new Map<string, unknown>();
  decode(
    'ST300STT;100850000;40;313;20190220;12:05:04;c99e48;+04.644623;-074.076922;010.390;202.77;20;1;997100;14.10;100000;2;8384',
    state,
  );
  return state;
}

describe('suntech commands on universal firmware', () => {
  it.each([
    ['engineStop', {}, 'CMD;100850000;04;01\r'],
    ['engineResume', {}, 'CMD;100850000;04;02\r'],
    ['alarmArm', {}, 'CMD;100850000;04;03\r'],
    ['alarmDisarm', {}, 'CMD;100850000;04;04\r'],
    ['positionSingle', {}, 'CMD;100850000;03;01\r'],
    ['rebootDevice', {}, 'CMD;100850000;03;03\r'],
    ['outputControl', { index: 1, data: '1' }, 'CMD;100850000;04;01\r'],
    ['outputControl', { index: 1, data: '0' }, 'CMD;100850000;04;02\r'],
    ['outputControl', { index: 2, data: '1' }, 'CMD;100850000;04;03\r'],
    ['outputControl', { index: 2, data: '0' }, 'CMD;100850000;04;04\r'],
    ['outputControl', { index: 3, data: '1' }, 'CMD;100850000;04;09\r'],
    ['outputControl', { index: 3, data: '0' }, 'CMD;100850000;04;10\r'],
    ['outputControl', { index: '3', data: 1 }, 'CMD;100850000;04;09\r'],
  ])('%s %j is sent as %j', (type, attributes, expected) => {
    expect(encode(type, attributes, universal())).toBe(expected);
  });

  it('has no code for a fourth output', () => {
    expect(encode('outputControl', { index: 4, data: '1' }, universal())).toBeNull();
  });
});

describe('suntech commands on legacy firmware', () => {
  it('uses SA200 before the device said which model it is, as Traccar does', () => {
    const bytes = suntech.encode(
      { type: 'rebootDevice', attributes: {} },
      { uniqueId: '123456789012345', state: new Map(), transport: 'tcp' },
    );
    expect(bytes?.toString('latin1')).toBe('SA200CMD;123456789012345;02;Reboot\r');
  });

  it.each([
    ['engineStop', {}, 'ST300CMD;100850000;02;Enable1\r'],
    ['engineResume', {}, 'ST300CMD;100850000;02;Disable1\r'],
    ['alarmArm', {}, 'ST300CMD;100850000;02;Enable2\r'],
    ['alarmDisarm', {}, 'ST300CMD;100850000;02;Disable2\r'],
    ['positionSingle', {}, 'ST300CMD;100850000;02;StatusReq\r'],
    ['rebootDevice', {}, 'ST300CMD;100850000;02;Reboot\r'],
    ['outputControl', { index: 3, data: '1' }, 'ST300CMD;100850000;02;Enable3\r'],
    ['outputControl', { index: 2, data: '0' }, 'ST300CMD;100850000;02;Disable2\r'],
  ])('%s %j is sent in the model the device reported as %j', (type, attributes, expected) => {
    expect(encode(type, attributes, st300())).toBe(expected);
  });

  it('answers in universal form once the device spoke it', () => {
    const state = st300();
    decode('ALV;100850000', state);
    expect(encode('engineStop', {}, state)).toBe('CMD;100850000;04;01\r');
  });

  it('answers in universal form after a binary report', () => {
    const state = new Map<string, unknown>();
    decode(
      Buffer.from(
        '81004e05200013383fffff3401000301130a0512080400000000000000000000000047f9d5846a06810072225214010100020300a8002604c1000004b000000470000025a100000000000025c4000000a6',
        'hex',
      ),
      state,
    );
    expect(encode('positionSingle', {}, state)).toBe('CMD;100850000;03;01\r');
  });
});

describe('suntech custom and unsupported commands', () => {
  it('sends a custom text as written, \\r standing for CR', () => {
    expect(encode('custom', { data: 'ST300CMD;100850000;02;Preset\\r' }, st300())).toBe(
      'ST300CMD;100850000;02;Preset\r',
    );
    expect(encode('custom', { data: 'CMD;100850000;03;02\r' }, universal())).toBe(
      'CMD;100850000;03;02\r',
    );
  });

  it('refuses a custom command without text', () => {
    expect(encode('custom', {})).toBeNull();
    expect(encode('custom', { data: '' })).toBeNull();
  });

  it('refuses output control without an index or a state', () => {
    expect(encode('outputControl', { data: '1' }, universal())).toBeNull();
    expect(encode('outputControl', { index: 1 }, st300())).toBeNull();
    expect(encode('outputControl', { index: 0, data: '1' }, st300())).toBeNull();
  });

  it('refuses what Suntech devices have no command for', () => {
    expect(encode('positionPeriodic', { frequency: 60 }, universal())).toBeNull();
    expect(encode('setTimezone', { timezone: 'UTC' }, st300())).toBeNull();
    expect(encode('constructor', {}, st300())).toBeNull();
    expect(encode('toString', {}, universal())).toBeNull();
  });

  it('lists what it encodes', () => {
    expect([...suntech.commands].sort()).toEqual(
      [
        'alarmArm',
        'alarmDisarm',
        'custom',
        'engineResume',
        'engineStop',
        'outputControl',
        'positionSingle',
        'rebootDevice',
      ].sort(),
    );
    for (const type of suntech.commands) {
      const attributes = type === 'custom' ? { data: 'x' } : { index: 1, data: '1' };
      expect(encode(type, attributes, universal())).not.toBeNull();
      expect(encode(type, attributes, st300())).not.toBeNull();
    }
  });

  it('by SMS sends only custom texts, as written', () => {
    expect(suntech.textCommands).toEqual(['custom']);
    expect(
      suntech.encodeText?.({
        type: 'custom',
        attributes: { data: 'ST300CMD;100850000;02;Reboot' },
      }),
    ).toBe('ST300CMD;100850000;02;Reboot');
    expect(suntech.encodeText?.({ type: 'engineStop', attributes: {} })).toBeNull();
  });
});
