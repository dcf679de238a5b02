import { describe, expect, it } from 'vitest';
import { COMMAND_TYPES } from '../../../../../model/command';
import { fromHex } from '../../../../../server/protocol/shared/bytes';
import type { CommandData, EncodeContext } from '../../../../../server/protocol/shared/definition';
import { teltonika } from '../../../../../server/protocol/teltonika';
import { DOC } from './vectors';

const CONTEXT: EncodeContext = { uniqueId: '352093086403655', state: new Map(), transport: 'tcp' };

const command = (type: string, attributes: Record<string, unknown> = {}): CommandData => ({
  type,
  attributes,
});

const encode = (type: string, attributes: Record<string, unknown> = {}) =>
  teltonika.encode(command(type, attributes), CONTEXT);

/** The text inside a codec 12 command packet, checking its frame on the way. */
function textOf(packet: Buffer | null): string {
  if (!packet) throw new Error('not encoded');
  expect(packet.readUInt32BE(0)).toBe(0);
  expect(packet.readUInt32BE(4)).toBe(packet.length - 12);
  expect(packet[8]).toBe(0x0c); // codec 12
  expect(packet[9]).toBe(1); // one command
  expect(packet[10]).toBe(0x05); // a command
  const length = packet.readUInt32BE(11);
  expect(packet[15 + length]).toBe(1);
  return packet.subarray(15, 15 + length).toString('latin1');
}

describe('Teltonika commands over GPRS (codec 12)', () => {
  it('sends the protocol document example byte for byte', () => {
    expect(encode('custom', { data: 'getinfo' })).toEqual(fromHex(DOC.codec12GetInfo));
  });

  it('cuts and restores the engine through DOUT1', () => {
    expect(encode('engineStop')).toEqual(
      fromHex('00000000000000130c01050000000b7365746469676f75742031010000' + crcOf('setdigout 1')),
    );
    expect(textOf(encode('engineStop'))).toBe('setdigout 1');
    expect(textOf(encode('engineResume'))).toBe('setdigout 0');
  });

  it('sends custom text as text and hex as the bytes it spells', () => {
    expect(encode('custom', { data: 'setdigout 11' })).toEqual(
      fromHex('00000000000000140c01050000000c7365746469676f7574203131010000bed5'),
    );
    expect(encode('custom', { data: '03030000000185E8' })).toEqual(
      fromHex('00000000000000100c01050000000803030000000185e8010000da8b'),
    );
  });

  it('sends the other documented commands', () => {
    expect(textOf(encode('positionSingle'))).toBe('getgps');
    expect(textOf(encode('rebootDevice'))).toBe('cpureset');
    expect(textOf(encode('getVersion'))).toBe('getver');
    expect(textOf(encode('getDeviceStatus'))).toBe('getinfo');
    expect(textOf(encode('getModemStatus'))).toBe('getstatus');
  });

  it('sets one output and leaves the others as they are', () => {
    expect(textOf(encode('outputControl', { index: 1, data: '1' }))).toBe('setdigout 1');
    expect(textOf(encode('outputControl', { index: 2, data: '1' }))).toBe('setdigout ?1');
    expect(textOf(encode('outputControl', { index: 3, data: 0 }))).toBe('setdigout ??0');
    expect(textOf(encode('outputControl', { index: '2', data: false }))).toBe('setdigout ?0');
    expect(textOf(encode('outputControl', { data: true }))).toBe('setdigout 1');
  });

  it('refuses an output or state it cannot set', () => {
    expect(encode('outputControl', { index: 0, data: '1' })).toBeNull();
    expect(encode('outputControl', { index: 5, data: '1' })).toBeNull();
    expect(encode('outputControl', { index: 1.5, data: '1' })).toBeNull();
    expect(encode('outputControl', { index: 1, data: 'on' })).toBeNull();
    expect(encode('outputControl', { index: 1 })).toBeNull();
  });

  it('refuses a custom command without text, and the types it does not have', () => {
    expect(encode('custom')).toBeNull();
    expect(encode('custom', { data: '' })).toBeNull();
    expect(encode('custom', { data: 42 })).toBeNull();
    expect(encode('alarmArm')).toBeNull();
    expect(encode('positionPeriodic', { frequency: 60 })).toBeNull();
    expect(encode('constructor')).toBeNull();
    expect(encode('toString')).toBeNull();
  });

  it('lists exactly the command types it encodes', () => {
    const sample: Record<string, Record<string, unknown>> = {
      custom: { data: 'getver' },
      outputControl: { index: 1, data: '1' },
    };
    for (const type of teltonika.commands) {
      expect(COMMAND_TYPES).toContain(type);
      expect(encode(type, sample[type] ?? {})).not.toBeNull();
    }
    for (const type of COMMAND_TYPES.filter((t) => !teltonika.commands.includes(t))) {
      expect(encode(type, sample[type] ?? { data: '1', index: 1, frequency: 60 })).toBeNull();
    }
    expect(teltonika.commands).toEqual(
      expect.arrayContaining([
        'custom',
        'engineStop',
        'engineResume',
        'positionSingle',
        'rebootDevice',
      ]),
    );
  });
});

describe('Teltonika commands by SMS', () => {
  const sms = (type: string, attributes: Record<string, unknown> = {}) =>
    teltonika.encodeText?.(command(type, attributes)) ?? null;

  it('leaves the empty SMS login and password as two spaces before the command', () => {
    expect(sms('engineStop')).toBe('  setdigout 1');
    expect(sms('engineResume')).toBe('  setdigout 0');
    expect(sms('positionSingle')).toBe('  getgps');
    expect(sms('rebootDevice')).toBe('  cpureset');
    expect(sms('outputControl', { index: 2, data: '0' })).toBe('  setdigout ?0');
  });

  it('sends a custom SMS as typed, with its own login and password', () => {
    expect(sms('custom', { data: 'user pass getinfo' })).toBe('user pass getinfo');
    expect(sms('custom')).toBeNull();
    expect(sms('alarmArm')).toBeNull();
  });

  it('lists the types it has an SMS for', () => {
    for (const type of teltonika.textCommands ?? []) {
      const attributes = type === 'custom' ? { data: 'getver' } : { index: 1, data: '1' };
      expect(sms(type, attributes)).not.toBeNull();
    }
  });
});

/** CRC-16/ARC of the codec 12 data holding `text`, as the packet's last two bytes. */
function crcOf(text: string): string {
  const content = Buffer.from(text, 'latin1');
  const data = Buffer.concat([
    Buffer.from([0x0c, 0x01, 0x05]),
    Buffer.from(content.length.toString(16).padStart(8, '0'), 'hex'),
    content,
    Buffer.from([0x01]),
  ]);
  let crc = 0;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1;
  }
  return crc.toString(16).padStart(4, '0');
}
