import { formatAttribute, formatValue } from '../../../../src/fleet/detail/formatValue';
import {
  browserTimeZone,
  formatCoordinates,
  formatDate,
  formatDateTime,
  formatDistance,
  formatMoney,
  currencySign,
  formatNumber,
  formatSpeed,
  formatVoltage,
  isValidTimeZone,
  timeZoneOf,
} from '../../../../src/i18n/formatters';

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
const t = (key: string) => key;

describe('one time zone rule', () => {
  const instant = '2026-11-24T23:27:04Z'; // 20:27:04 in São Paulo

  it('takes the user timezone attribute, else the server one, else the browser zone', () => {
    const user = { attributes: { timezone: 'America/Mexico_City' } };
    const server = { attributes: { timezone: 'Europe/Lisbon' } };
    expect(timeZoneOf(user, server)).toBe('America/Mexico_City');
    expect(timeZoneOf({ attributes: {} }, server)).toBe('Europe/Lisbon');
    expect(timeZoneOf(user, { ...server, forceSettings: true })).toBe('Europe/Lisbon');
    expect(timeZoneOf({ attributes: { timezone: 'Mars/Olympus' } }, null)).toBe(
      Intl.DateTimeFormat().resolvedOptions().timeZone,
    );
  });

  it('answers the same for a zone asked again, also after a flood of made-up zones', () => {
    for (let i = 0; i < 600; i++) expect(isValidTimeZone(`Mars/Base${i}`)).toBe(false);
    expect(isValidTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isValidTimeZone('America/Sao_Paulo')).toBe(true);
    expect(isValidTimeZone('Mars/Base1')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('shows date and time in that zone, one style per locale', () => {
    const sp = { timeZone: 'America/Sao_Paulo' };
    expect(formatDateTime(instant, { ...sp, locale: 'pt-BR' })).toBe('24/11/2026, 20:27:04');
    expect(formatDateTime(instant, { ...sp, locale: 'es-ES' })).toBe('24/11/2026, 20:27:04');
    expect(nbsp(formatDateTime(instant, { ...sp, locale: 'en-US' }))).toBe(
      '11/24/2026, 08:27:04 PM',
    );
    expect(formatDate(instant, 'en-US', 'America/Sao_Paulo')).toBe('11/24/2026');
    expect(formatDate('2026-11-24', 'en-US', 'Asia/Tokyo')).toBe('11/24/2026');
    expect(formatDateTime(instant, { locale: 'pt-BR', timeZone: 'Asia/Tokyo' })).toBe(
      '25/11/2026, 08:27:04',
    );
    expect(formatDateTime(null, { locale: 'pt-BR', timeZone: 'UTC' })).toBe('');
  });
});

describe('one number format per locale', () => {
  it('formats numbers, distances, speeds, voltages and money with the locale separators', () => {
    expect(formatNumber(236287.04, 'pt-BR', { digits: 1 })).toBe('236.287,0');
    expect(formatNumber(236287.04, 'en-US', { digits: 1 })).toBe('236,287.0');
    const pt = { locale: 'pt-BR', speed: 'kmh', distance: 'km' } as const;
    expect(formatDistance(236_287_040, pt, 1)).toBe('236.287,0 km');
    expect(formatDistance(236_287_040, { ...pt, locale: 'es-ES' }, 1)).toBe('236.287,0 km');
    expect(formatSpeed(10, pt, 0)).toBe('19 km/h');
    expect(formatSpeed(10, { ...pt, speed: 'mph', locale: 'en-US' })).toBe('11.5 mph');
    expect(formatVoltage(13.96, 'pt-BR')).toBe('13,96 V');
    expect(formatVoltage(13.96, 'en-US')).toBe('13.96 V');
    expect(nbsp(formatMoney(1234.5, 'pt-BR'))).toBe('R$ 1.234,50');
    // Spanish writes the real with its sign too, not the code (`1234,50 BRL`).
    expect(nbsp(formatMoney(1234.5, 'es-ES'))).toBe('1234,50 R$');
    expect(currencySign('es-ES')).toBe('R$');
    expect(currencySign('en-US')).toBe('$');
    expect(formatMoney(1234.5, 'en-US')).toBe('$1,234.50');
    // Coordinates keep a decimal point everywhere: the comma separates latitude and longitude.
    expect(formatCoordinates(-23.5, -46.6, 5)).toBe('-23.50000, -46.60000');
  });

  it('the panel formats attribute numbers through the same formatter', () => {
    expect(formatValue(13.96, t, 'pt-BR')).toBe('13,96');
    expect(formatValue(236000, t, 'pt-BR')).toBe('236.000');
    expect(formatValue(236000, t, 'en-US')).toBe('236,000');
    expect(formatValue(1.23456, t, 'es-ES')).toBe('1,23');
  });

  it('the panel reads each known field in the user zone and units, as the summary does', () => {
    const pt = {
      locale: 'pt-BR',
      timeZone: 'America/Sao_Paulo',
      speed: 'kmh',
      distance: 'km',
    } as const;
    const es = { ...pt, locale: 'es-ES', speed: 'mph', distance: 'mi' } as const;
    const at = (key: string, value: unknown, prefs: typeof pt | typeof es = pt) =>
      nbsp(formatAttribute(key, value, t, prefs));
    // Instants arrive as ISO text in UTC: 22:16:38Z is 19:16:38 in São Paulo.
    expect(at('fixTime', '2026-12-01T22:16:38.000Z')).toBe('01/12/2026, 19:16:38');
    expect(at('serverTime', '2026-12-01T22:16:38.000Z', es)).toBe('01/12/2026, 19:16:38');
    expect(at('speed', 40)).toBe('74,1 km/h');
    expect(at('speed', 40, es)).toBe('46,0 mph');
    expect(at('odometer', 111_855_296)).toBe('111.855,30 km');
    expect(at('totalDistance', 1609.344, es)).toBe('1,00 mi');
    expect(at('distance', 102.77)).toBe('0,10 km');
    expect(at('hours', 15_929_704_248)).toBe('4.424,9 h');
    expect(at('latitude', -23.5412345)).toBe('-23.541235');
    expect(at('course', 240)).toBe('240°');
    expect(at('altitude', 777)).toBe('777,0 m');
    expect(at('power', 12.6)).toBe('12,60 V');
    expect(at('batteryLevel', 87)).toBe('87 %');
    expect(at('coolantTemp', 91.5)).toBe('91,5 °C');
    expect(at('alarm', 'sos,overspeed')).toBe('alarms.sos, alarms.overspeed');
    // What is not a number where one is expected still shows as it came.
    expect(at('speed', 'fast')).toBe('fast');
    expect(at('sat', 9)).toBe('9');
  });
});
