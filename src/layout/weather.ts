export interface Weather {
  temperature: number;
  code: number;
}

type WeatherKind =
  'clear' | 'partly' | 'cloudy' | 'fog' | 'drizzle' | 'rain' | 'snow' | 'showers' | 'thunderstorm';

/** WMO weather interpretation codes (open-meteo's `weathercode`) grouped for display. */
export const weatherKind = (code: number): WeatherKind => {
  if (code === 0) return 'clear';
  if (code <= 2) return 'partly';
  if (code === 3) return 'cloudy';
  if (code === 45 || code === 48) return 'fog';
  if (code >= 51 && code <= 57) return 'drizzle';
  if (code >= 61 && code <= 67) return 'rain';
  if ((code >= 71 && code <= 77) || code === 85 || code === 86) return 'snow';
  if (code >= 80 && code <= 82) return 'showers';
  if (code >= 95) return 'thunderstorm';
  return 'cloudy';
};

const LOOKUP_TIMEOUT_MS = 8000;

const fetchJson = async (url: string, signal?: AbortSignal): Promise<Record<string, unknown>> => {
  const timeout = AbortSignal.timeout(LOOKUP_TIMEOUT_MS);
  const response = await fetch(url, {
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    credentials: 'omit',
  });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
};

/**
 * Public IP → geolocation → current weather (ipify, ipwho.is, open-meteo). Any failure rejects;
 * the caller hides the widget quietly.
 */
export const lookupWeather = async (signal?: AbortSignal): Promise<Weather> => {
  const { ip } = await fetchJson('https://api.ipify.org?format=json', signal);
  const place = await fetchJson(`https://ipwho.is/${encodeURIComponent(String(ip))}`, signal);
  if (place.success === false) throw new Error('geolocation failed');
  const latitude = Number(place.latitude);
  const longitude = Number(place.longitude);
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) throw new Error('no coordinates');
  const forecast = await fetchJson(
    `https://api.open-meteo.com/v1/forecast?latitude=${latitude}&longitude=${longitude}&current_weather=true`,
    signal,
  );
  const current = forecast.current_weather as
    { temperature?: unknown; weathercode?: unknown } | undefined;
  const temperature = Number(current?.temperature);
  if (!Number.isFinite(temperature)) throw new Error('no current weather');
  return { temperature, code: Number(current?.weathercode) || 0 };
};
