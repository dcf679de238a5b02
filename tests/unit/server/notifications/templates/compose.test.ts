import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../../../../model/language';
import { parseTemplate, TEMPLATE_EVENT_TYPES } from '../../../../../model/notificationTemplate';
import { VOCABULARY } from '../../../../../model/vocabulary';
import { IllegalArgumentException } from '../../../../../server/errors';
import { readerOf } from '../../../../../server/notifications/readers';
import {
  composeNotification,
  type EventFacts,
  type NotificationBrand,
  type Reader,
} from '../../../../../server/notifications/templates/compose';
import { defaultTemplate } from '../../../../../server/notifications/templates/defaults';
import { checkTemplate } from '../../../../../server/notifications/templates/render';
import { NOTIFICATION_TEXTS } from '../../../../../server/notifications/templates/texts';
import liveEnUS from '../../../../../src/i18n/messages/live/enUS';
import liveEsES from '../../../../../src/i18n/messages/live/esES';
import livePtBR from '../../../../../src/i18n/messages/live/ptBR';

const SCREEN = { 'pt-BR': livePtBR, 'es-ES': liveEsES, 'en-US': liveEnUS };
const BRAND: NotificationBrand = {
  name: 'Rastreia Já',
  color: '#123456',
  origin: 'https://fleet.example',
  logo: null,
};
const ZONES: Record<Language, string> = {
  'pt-BR': 'America/Sao_Paulo',
  'es-ES': 'Europe/Madrid',
  'en-US': 'America/New_York',
};
const reader = (language: Language, speedUnit: Reader['speedUnit'] = 'kmh'): Reader => ({
  language,
  timeZone: ZONES[language],
  speedUnit,
});

/** Monday 12 January 2026, 13:00 UTC. */
const TIME = Date.parse('2026-01-12T13:00:00Z');

const facts = (type: EventFacts['type'], overrides: Partial<EventFacts> = {}): EventFacts => ({
  type,
  eventTime: TIME,
  deviceId: 7,
  attributes: {
    alarm: 'overspeed',
    speed: 54,
    speedLimit: 27,
    driverUniqueId: 'M-7',
    result: 'OK',
  },
  deviceName: 'Van 7',
  geofenceName: 'Depot 3',
  maintenanceName: 'Oil 5000',
  position: { latitude: -23.5, longitude: -46.6, speed: 54, address: 'Rua A, 10' },
  ...overrides,
});

const render = (type: EventFacts['type'], language: Language, extra?: Partial<EventFacts>) =>
  composeNotification(defaultTemplate(type, language), facts(type, extra), reader(language), BRAND);

/** The English words of the English defaults and mail, as whole words. */
const ENGLISH_WORDS = (() => {
  const words = new Set<string>();
  const add = (text: string) => {
    for (const part of parseTemplate(text) ?? []) {
      if ('text' in part)
        for (const word of part.text.match(/[A-Za-z]{3,}/g) ?? []) words.add(word);
    }
  };
  for (const type of TEMPLATE_EVENT_TYPES) {
    const { subject, body } = defaultTemplate(type, 'en-US');
    add(subject);
    add(body);
  }
  for (const value of Object.values(NOTIFICATION_TEXTS['en-US'].mail)) add(value);
  for (const value of Object.values(VOCABULARY['en-US'].events)) add(value);
  // Words the languages share (pt-BR says "online" too), and the sample's own names.
  for (const shared of ['SOS', 'RPM', 'GPS', 'online', 'offline', 'Van', 'Depot', 'Oil', 'Rua']) {
    words.delete(shared);
  }
  return words;
})();

const englishIn = (text: string): string[] =>
  [...ENGLISH_WORDS].filter((word) => new RegExp(`\\b${word}\\b`).test(text));

describe('notification templates', () => {
  for (const language of LANGUAGES) {
    describe(language, () => {
      it.each(TEMPLATE_EVENT_TYPES)('renders %s with every placeholder filled', (type) => {
        const { subject, body, mail } = render(type, language);
        for (const text of [subject, body, mail.text, mail.html]) {
          expect(text).not.toMatch(/[{}]/);
        }
        expect(subject).toContain('Van 7');
        expect(subject).not.toMatch(/\n/);
        expect(mail.subject).toBe(subject);
        expect(mail.text.startsWith(body)).toBe(true);
        // The event's name in the mail is the one the screens and spreadsheets show.
        const screenName = (SCREEN[language].events as Record<string, string>)[type];
        expect(screenName).toBe(VOCABULARY[language].events[type]);
        expect(mail.text).toContain(`: ${screenName}\n`);
        if (language !== 'en-US') {
          expect(englishIn(`${subject}\n${body}\n${mail.text}\n${mail.html}`)).toEqual([]);
        }
      });
    });
  }

  it('names geofences, alarms and speeds as the screens do, in the reader units', () => {
    expect(render('geofenceEnter', 'pt-BR').subject).toBe('Van 7 entrou em Depot 3');
    expect(render('geofenceEnter', 'es-ES').subject).toBe('Van 7 entró en Depot 3');
    expect(render('geofenceEnter', 'en-US').subject).toBe('Van 7 has entered Depot 3');
    expect(render('alarm', 'pt-BR').subject).toBe(`Van 7: ${livePtBR.alarms.overspeed}`);
    expect(render('alarm', 'es-ES', { attributes: { alarm: 'sos,hardBraking' } }).subject).toBe(
      'Van 7: SOS, Frenado brusco',
    );
    // 54 knots is 100 km/h (62 mph); the limit 27 knots is 50 km/h.
    expect(render('deviceOverspeed', 'pt-BR').body).toBe(
      'Van 7 excedeu o limite de velocidade: 100 km/h (limite de 50 km/h) em 12/01/2026, 10:00:00.',
    );
    const mph = composeNotification(
      defaultTemplate('deviceOverspeed', 'en-US'),
      facts('deviceOverspeed'),
      reader('en-US', 'mph'),
      BRAND,
    );
    expect(mph.subject).toBe('Van 7 exceeded the speed limit: 62 mph');
    expect(mph.body).toContain('at 01/12/2026, 08:00:00 AM');
    expect(render('deviceOnline', 'es-ES').body).toBe(
      'Van 7 está en línea el 12/01/2026, 14:00:00.',
    );
  });

  it('mails HTML with the brand, the details and a link from the configured origin', () => {
    const { mail } = render('geofenceExit', 'pt-BR');
    expect(mail.html).toMatch(/^<!DOCTYPE html>/);
    expect(mail.html).toContain('<html lang="pt-BR">');
    expect(mail.html).toContain('Rastreia Já');
    expect(mail.html).toContain('background:#123456');
    expect(mail.html).toContain(
      '<h1 style="margin:0 0 12px;font-size:20px;line-height:1.3">Van 7 saiu de Depot 3</h1>',
    );
    expect(mail.html).toContain('href="https://fleet.example/devices/7"');
    expect(mail.html).toContain('Rua A, 10');
    expect(mail.text).toContain('Endereço: Rua A, 10');
    expect(mail.text).toContain('Abrir no mapa: https://fleet.example/devices/7');
    expect(mail.attachments).toEqual([]);
  });

  it('embeds the logo for the mail and inline for a preview', () => {
    const logo = { content: Buffer.from('png-bytes'), contentType: 'image/png' };
    const template = defaultTemplate('deviceOnline', 'en-US');
    const sent = composeNotification(template, facts('deviceOnline'), reader('en-US'), {
      ...BRAND,
      logo,
    });
    expect(sent.mail.html).toContain('src="cid:brand-logo"');
    expect(sent.mail.attachments).toEqual([
      { filename: 'logo', content: logo.content, contentType: 'image/png', cid: 'brand-logo' },
    ]);
    const preview = composeNotification(
      template,
      facts('deviceOnline'),
      reader('en-US'),
      { ...BRAND, logo },
      'inline',
    );
    expect(preview.mail.html).toContain(
      `src="data:image/png;base64,${logo.content.toString('base64')}"`,
    );
    expect(preview.mail.attachments).toEqual([]);
  });

  it('escapes names and template text in the HTML part, never in the text part', () => {
    const hostile = { deviceName: '<img src=x onerror=alert(1)> & "Co"' };
    const template = { subject: '{device} <b>now</b>', body: 'At {address}\n\n{device}' };
    const { subject, mail } = composeNotification(
      template,
      facts('deviceMoving', {
        ...hostile,
        position: { latitude: 1, longitude: 2, speed: 0, address: '<script>' },
      }),
      reader('en-US'),
      BRAND,
    );
    expect(subject).toBe('<img src=x onerror=alert(1)> & "Co" <b>now</b>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>now');
    expect(mail.html).toContain(
      '&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot; &lt;b&gt;now&lt;/b&gt;',
    );
    expect(mail.html).toContain('At &lt;script&gt;</p><p');
    expect(mail.text).toContain('At <script>');
  });

  it('leaves values the event lacks empty and keeps the rest', () => {
    const { subject, mail } = composeNotification(
      { subject: '{device}|{geofence}|{address}|{driver}', body: '{position}.' },
      facts('deviceStopped', { geofenceName: null, position: null, attributes: {} }),
      reader('pt-BR'),
      BRAND,
    );
    expect(subject).toBe('Van 7|||');
    expect(mail.text.startsWith('.\n')).toBe(true);
    expect(mail.text).not.toContain('Posição');
  });
});

describe('template checks', () => {
  const refused = (subject: string, body: string) => {
    try {
      checkTemplate({ subject, body });
    } catch (error) {
      expect(error).toBeInstanceOf(IllegalArgumentException);
      return (error as Error).message;
    }
    return null;
  };

  it('accepts the known placeholders and trims the texts', () => {
    expect(checkTemplate({ subject: ' {device} {event} ', body: '{time} {link}\n' })).toEqual({
      subject: '{device} {event}',
      body: '{time} {link}',
    });
  });

  it('refuses unknown placeholders, stray braces, empty or over-long texts', () => {
    expect(refused('{device}', 'Hello {driverName}')).toBe(
      'Unknown placeholder {driverName} in template body',
    );
    expect(refused('{vehicle}', 'x')).toBe('Unknown placeholder {vehicle} in template subject');
    expect(refused('{device', 'x')).toBe('Unmatched brace in template subject');
    expect(refused('x', 'a } b')).toBe('Unmatched brace in template body');
    expect(refused('{}', 'x')).toBe('Unknown placeholder {} in template subject');
    expect(refused('  ', 'x')).toBe('Template subject is empty');
    expect(refused('x', '')).toBe('Template body is empty');
    expect(refused('a\nb', 'x')).toBe('Template subject must be one line');
    expect(refused('x'.repeat(201), 'x')).toBe('Template subject is longer than 200 characters');
    expect(refused('x', 'x'.repeat(4001))).toBe('Template body is longer than 4000 characters');
  });

  it('holds every default template to the same checks', () => {
    for (const type of TEMPLATE_EVENT_TYPES) {
      for (const language of LANGUAGES) {
        expect(refused(defaultTemplate(type, language).subject, 'x')).toBeNull();
        expect(refused('x', defaultTemplate(type, language).body)).toBeNull();
      }
    }
  });
});

describe('the reader of a notification', () => {
  const server = (attributes: Record<string, unknown>, forceSettings = false) => ({
    attributes,
    forceSettings,
  });

  it('reads the language the user chose, else the server default, else pt-BR', () => {
    expect(readerOf({ language: 'en-US' }, server({ 'tarkan.lang': 'es-ES' })).language).toBe(
      'en-US',
    );
    expect(readerOf({ 'tarkan.lang': 'es' }, server({})).language).toBe('es-ES');
    expect(readerOf({}, server({ 'tarkan.lang': 'es-ES' })).language).toBe('es-ES');
    expect(readerOf({}, server({})).language).toBe('pt-BR');
  });

  it('reads the user zone and speed unit, else the server ones', () => {
    expect(readerOf({ timezone: 'Europe/Lisbon', speedUnit: 'mph' }, server({}))).toEqual({
      language: 'pt-BR',
      timeZone: 'Europe/Lisbon',
      speedUnit: 'mph',
    });
    expect(readerOf({}, server({ timezone: 'America/Manaus', speedUnit: 'kn' }))).toMatchObject({
      timeZone: 'America/Manaus',
      speedUnit: 'kn',
    });
  });
});
