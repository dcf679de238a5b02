import { fromForm, toForm, attr } from '../../../../../src/common/formAttributes';
import {
  alarms,
  deviceName,
  deviceUniqueId,
  fillName,
  notificators,
  optionalPassword,
  soundUrl,
  userEmail,
  userName,
  userPassword,
} from '../../../../../src/resources/common/validators';
import { userTransform } from '../../../../../src/resources/users/userTransform';
import { toDisplay, toStored } from '../../../../../src/resources/maintenance/MaintenanceForm';

describe('form validators', () => {
  it('requires the device name and unique id', () => {
    expect(deviceName('')).toBe('admin.validation.deviceName');
    expect(deviceName('  ')).toBe('admin.validation.deviceName');
    expect(deviceName('Truck')).toBeUndefined();
    expect(deviceUniqueId(undefined)).toBe('admin.validation.uniqueId');
    expect(deviceUniqueId('123')).toBeUndefined();
    expect(fillName('')).toBe('admin.errors.FILL_NAME');
  });

  it('checks the user form minimum lengths', () => {
    expect(userName('Jo')).toBe('validation.name');
    expect(userName('Joa')).toBeUndefined();
    expect(userEmail('a@b')).toBe('validation.email');
    expect(userEmail('a@bc')).toBeUndefined();
    // Eight characters that are not blanks alone, as the server requires.
    expect(userPassword('1234567')).toBe('validation.password');
    expect(userPassword('        ')).toBe('validation.password');
    expect(userPassword('12345678')).toBeUndefined();
    expect(optionalPassword('')).toBeUndefined();
    expect(optionalPassword('1234567')).toBe('validation.password');
  });

  it('checks notification channels, alarms and the custom sound URL', () => {
    expect(notificators('')).toBe('admin.validation.notificators');
    expect(alarms('', { type: 'alarm' })).toBe('admin.validation.alarms');
    expect(alarms('', { type: 'deviceOnline' })).toBeUndefined();
    expect(alarms('sos', { type: 'alarm' })).toBeUndefined();
    const custom = { attributes: { 'tarkan~sound': 'custom' } };
    expect(soundUrl('', custom)).toBe('admin.validation.soundUrlRequired');
    expect(soundUrl('https://x.test/a.flac', custom)).toBe('admin.validation.soundUrl');
    expect(soundUrl('https://x.test/a.mp3', custom)).toBeUndefined();
    expect(soundUrl('/sounds/b.ogg', custom)).toBeUndefined();
    expect(soundUrl('nonsense', { attributes: { 'tarkan~sound': 'audio3' } })).toBeUndefined();
  });
});

describe('form attributes', () => {
  it('holds dotted keys with ~ in the form and restores them, dropping cleared values', () => {
    const record = { id: 1, attributes: { 'tarkan.color': '10|1|1', placa: 'X', empty: 'y' } };
    const form = toForm(record);
    expect(form.attributes).toEqual({ 'tarkan~color': '10|1|1', placa: 'X', empty: 'y' });
    expect(attr('tarkan.color')).toBe('attributes.tarkan~color');
    const saved = fromForm({ ...form, attributes: { ...form.attributes, empty: '' } });
    expect(saved.attributes).toEqual({ 'tarkan.color': '10|1|1', placa: 'X' });
  });

  it('leaves an empty password out and mirrors the language', () => {
    expect(
      userTransform({ name: 'A', password: '', attributes: { 'tarkan~lang': 'es-ES' } }),
    ).toEqual({
      name: 'A',
      attributes: { 'tarkan.lang': 'es-ES', language: 'es-ES' },
    });
    expect(userTransform({ password: 'abcd', attributes: {} }).password).toBe('abcd');
  });

  it('converts maintenance units (km, hours) to stored metres and milliseconds', () => {
    expect(toStored(1.5, 'totalDistance')).toBe(1500);
    expect(toDisplay(3_600_000, 'hours')).toBe(1);
    expect(toStored(2, 'other')).toBe(2);
  });
});
