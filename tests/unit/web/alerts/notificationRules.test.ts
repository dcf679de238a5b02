import { eventText } from '../../../../src/alerts/eventText';
import { ruleFor, type NotificationRule } from '../../../../src/alerts/notificationRules';
import { soundPattern } from '../../../../src/alerts/soundPattern';
import {
  isSoundUrl,
  SOUND_COUNT,
  toastOptionsFrom,
  TOAST_DURATION_MS,
} from '../../../../src/alerts/toastOptions';
import type { Event } from '../../../../model/event';

describe('toast options from notification attributes', () => {
  it('defaults to bottom-right, 7000 ms, audio1', () => {
    expect(toastOptionsFrom(undefined)).toEqual({
      position: 'bottom-right',
      color: 'info',
      durationMs: TOAST_DURATION_MS,
      sound: { kind: 'builtin', index: 1 },
    });
    expect(TOAST_DURATION_MS).toBe(7000);
  });

  it('reads position, colour, pin and sound', () => {
    expect(
      toastOptionsFrom({
        'tarkan.position': 'top-left',
        'tarkan.color': 'soft-red',
        'tarkan.pin': true,
        'tarkan.sound': 'audio17',
      }),
    ).toEqual({
      position: 'top-left',
      color: 'soft-red',
      durationMs: null,
      sound: { kind: 'builtin', index: 17 },
    });
    expect(toastOptionsFrom({ 'tarkan.pin': 'true' }).durationMs).toBeNull();
    expect(
      toastOptionsFrom({ 'tarkan.position': 'middle', 'tarkan.color': 'purple' }),
    ).toMatchObject({ position: 'bottom-right', color: 'info' });
  });

  it('handles mute, custom URLs and unknown sounds', () => {
    expect(toastOptionsFrom({ 'tarkan.sound': 'mute' }).sound).toEqual({ kind: 'mute' });
    expect(
      toastOptionsFrom({ 'tarkan.sound': 'custom', 'tarkan.soundURL': 'https://x.test/a.ogg' })
        .sound,
    ).toEqual({ kind: 'url', url: 'https://x.test/a.ogg' });
    expect(
      toastOptionsFrom({ 'tarkan.sound': 'custom', 'tarkan.soundURL': 'javascript:alert(1)//.mp3' })
        .sound,
    ).toEqual({ kind: 'builtin', index: 1 });
    expect(toastOptionsFrom({ 'tarkan.sound': 'audio99' }).sound).toEqual({
      kind: 'builtin',
      index: 1,
    });
    expect(isSoundUrl('/tarkan/assets/custom/sounds/a.WAV')).toBe(true);
    expect(isSoundUrl('https://x.test/a.exe')).toBe(false);
  });
});

describe('built-in sounds', () => {
  it('has 24 distinct tone patterns', () => {
    const patterns = Array.from({ length: SOUND_COUNT }, (_, i) =>
      JSON.stringify(soundPattern(i + 1)),
    );
    expect(new Set(patterns).size).toBe(24);
    soundPattern(1).forEach((tone) => {
      expect(tone.frequency).toBeGreaterThan(100);
      expect(tone.duration).toBeGreaterThan(0);
    });
  });
});

const event = (patch: Partial<Event>): Event => ({
  id: 1,
  type: 'deviceOnline',
  eventTime: '2026-01-01T00:00:00Z',
  deviceId: 1,
  positionId: 0,
  geofenceId: 0,
  maintenanceId: 0,
  attributes: {},
  ...patch,
});

describe('notification rule lookup', () => {
  const rules: NotificationRule[] = [
    { id: 1, type: 'deviceOnline', attributes: { 'tarkan.color': 'green' } },
    { id: 2, type: 'alarm', attributes: { alarms: 'sos,overspeed', 'tarkan.color': 'red' } },
    { id: 3, type: 'alarm', attributes: { alarms: 'powerCut' } },
  ];
  it('finds the rule by id, else by type and alarm', () => {
    expect(ruleFor(event({ attributes: { notificationId: 3 } }), rules)?.id).toBe(3);
    expect(ruleFor(event({}), rules)?.id).toBe(1);
    expect(ruleFor(event({ type: 'alarm', attributes: { alarm: 'powerCut' } }), rules)?.id).toBe(3);
    expect(ruleFor(event({ type: 'alarm', attributes: { alarm: 'door' } }), rules)?.id).toBe(2);
    expect(ruleFor(event({ type: 'ignitionOn' }), rules)).toBeUndefined();
  });
});

describe('event text', () => {
  const t = (key: string, options?: Record<string, unknown>) =>
    key === 'events.withGeofence'
      ? `${options?.event}: ${options?.geofence}`
      : key.startsWith('events.x')
        ? String(options?._)
        : `T(${key})`;
  it('translates the type, the alarm and names the geofence', () => {
    expect(eventText(event({}), t)).toBe('T(events.deviceOnline)');
    expect(eventText(event({ type: 'alarm', attributes: { alarm: 'sos' } }), t)).toBe(
      'T(alarms.sos)',
    );
    expect(eventText(event({ type: 'geofenceEnter', geofenceId: 4 }), t, () => 'Depot')).toBe(
      'T(events.geofenceEnter): Depot',
    );
  });
});
