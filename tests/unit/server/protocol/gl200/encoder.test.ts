import { describe, expect, it } from 'vitest';
import { gl200 } from '../../../../../server/protocol/gl200';
import type { EncodeContext } from '../../../../../server/protocol/shared/definition';
import { FrameStream } from '../../../../../server/protocol/shared/frameStream';

/** Commands as the `AT+GTxxx=` text Queclink devices take over their connection and by SMS. */

function connection(model?: string): EncodeContext {
  const state = new Map<string, unknown>();
  if (model) {
    // The decoder learns the model from the protocol version of any report.
    gl200.decode(
      Buffer.from(`+ACK:GTHBD,${model},862894020178276,,20160210113503,38EF$`, 'latin1'),
      { uniqueId: null, state, now: 0, transport: 'tcp' },
    );
  }
  return { uniqueId: '862894020178276', state, transport: 'tcp' };
}

const encode = (
  type: string,
  attributes: Record<string, unknown> = {},
  ctx = connection('060228'),
) => gl200.encode({ type, attributes }, ctx)?.toString('latin1') ?? null;

describe('gl200 commands over the connection', () => {
  it('switches output 1 on and off for engine stop and resume, with the GV300 password', () => {
    const ctx = connection('060228');
    expect(encode('engineStop', {}, ctx)).toBe('AT+GTOUT=gv300,1,,,0,0,0,0,0,0,0,,,,,,,0001$');
    expect(encode('engineResume', {}, ctx)).toBe('AT+GTOUT=gv300,0,,,0,0,0,0,0,0,0,,,,,,,0002$');
  });

  it('asks for a position, the versions or a reboot with real time operation sub-commands', () => {
    const ctx = connection('060228');
    expect(encode('positionSingle', {}, ctx)).toBe('AT+GTRTO=gv300,1,,,,,,0001$');
    expect(encode('deviceIdentification', {}, ctx)).toBe('AT+GTRTO=gv300,8,,,,,,0002$');
    expect(encode('rebootDevice', {}, ctx)).toBe('AT+GTRTO=gv300,3,,,,,,0003$');
  });

  it('uses the factory password of the model the device announced', () => {
    expect(encode('positionSingle', {}, connection('1A0800'))).toBe('AT+GTRTO=gl300,1,,,,,,0001$');
    expect(encode('positionSingle', {}, connection('0F0106'))).toBe('AT+GTRTO=gv55,1,,,,,,0001$');
  });

  it('uses the devicePassword attribute when the installer changed the password', () => {
    expect(encode('engineStop', { devicePassword: 'fleet1' })).toBe(
      'AT+GTOUT=fleet1,1,,,0,0,0,0,0,0,0,,,,,,,0001$',
    );
  });

  it('refuses a password that would break the command', () => {
    expect(encode('engineStop', { devicePassword: 'a,b$' })).toBeNull();
  });

  it('sends a custom command as its text, with \\r and \\n escapes made real', () => {
    expect(encode('custom', { data: 'AT+GTRTO=gv300,0,,,,,,0010$' })).toBe(
      'AT+GTRTO=gv300,0,,,,,,0010$',
    );
    expect(encode('custom', { data: 'AT+GTVER\\r\\n' })).toBe('AT+GTVER\r\n');
    expect(encode('custom', {})).toBeNull();
  });

  it('refuses a type the protocol has no command for', () => {
    expect(encode('setTimezone', { timezone: 'UTC' })).toBeNull();
    expect(gl200.commands).not.toContain('setTimezone');
    for (const type of ['engineStop', 'engineResume', 'positionSingle', 'custom']) {
      expect(gl200.commands).toContain(type);
    }
  });
});

describe('gl200 SMS commands', () => {
  const sms = (type: string, attributes: Record<string, unknown> = {}) =>
    gl200.encodeText!({ type, attributes });

  it('are the same text, with the default GV300 password unless one is given', () => {
    expect(sms('engineStop')).toBe('AT+GTOUT=gv300,1,,,0,0,0,0,0,0,0,,,,,,,FFFF$');
    expect(sms('engineResume', { devicePassword: 'gl300' })).toBe(
      'AT+GTOUT=gl300,0,,,0,0,0,0,0,0,0,,,,,,,FFFF$',
    );
    expect(sms('positionSingle')).toBe('AT+GTRTO=gv300,1,,,,,,FFFF$');
    expect(sms('custom', { data: 'AT+GTRTO=gv300,8,,,,,,0001$' })).toBe(
      'AT+GTRTO=gv300,8,,,,,,0001$',
    );
    expect(sms('alarmArm')).toBeNull();
    expect(gl200.textCommands).toContain('engineStop');
  });
});

describe('gl200 commands as the device reads them', () => {
  it('reads engine stop and resume, with their serial numbers, through its splitter', () => {
    const device = gl200.device.connect(gl200.device.uniqueId(7));
    const ctx = connection('060228');
    const bytes = Buffer.concat([
      gl200.encode({ type: 'engineStop', attributes: {} }, ctx)!,
      gl200.encode({ type: 'engineResume', attributes: {} }, ctx)!,
    ]);
    const { frames } = new FrameStream(device.splitter()).push(bytes);
    expect(frames.map((f) => device.receive(f))).toEqual([
      {
        kind: 'command',
        text: 'AT+GTOUT=gv300,1,,,0,0,0,0,0,0,0,,,,,,,0001',
        type: 'engineStop',
        serial: 1,
      },
      {
        kind: 'command',
        text: 'AT+GTOUT=gv300,0,,,0,0,0,0,0,0,0,,,,,,,0002',
        type: 'engineResume',
        serial: 2,
      },
    ]);
  });

  it('reads other commands as commands it does not act on', () => {
    const device = gl200.device.connect(gl200.device.uniqueId(7));
    const frame = gl200.encode({ type: 'positionSingle', attributes: {} }, connection('060228'))!;
    expect(device.receive(frame)).toMatchObject({ kind: 'command', type: null, serial: 1 });
  });

  it('reads the heartbeat answer as an acknowledgement', () => {
    const device = gl200.device.connect(gl200.device.uniqueId(7));
    const reply = gl200.decode(device.heartbeat(), {
      uniqueId: null,
      state: new Map(),
      now: 0,
      transport: 'tcp',
    }).reply!;
    const { frames } = new FrameStream(device.splitter()).push(reply);
    expect(frames.map((f) => device.receive(f))).toEqual([{ kind: 'ack' }]);
  });
});
