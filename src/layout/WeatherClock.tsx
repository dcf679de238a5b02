import { Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { lookupWeather, type Weather, weatherKind } from './weather';

/** Weather refreshes every 60 s, the clock ticks every second. */
const WEATHER_MS = 60_000;
const CLOCK_MS = 1000;

const useWeather = (): Weather | null => {
  const [weather, setWeather] = useState<Weather | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const load = () =>
      lookupWeather(controller.signal).then(setWeather, (error: unknown) => {
        if (controller.signal.aborted) return;
        console.info(
          'weather: lookup failed, widget hidden',
          error instanceof Error ? error.message : error,
        );
        setWeather(null);
      });
    void load();
    const timer = setInterval(() => void load(), WEATHER_MS);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, []);
  return weather;
};

const useClock = () => {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
};

const Clock = ({ timeZone }: { timeZone: string | null }) => {
  const [locale] = useLocaleState();
  const now = useClock();
  let text: string;
  try {
    text = now.toLocaleTimeString(locale, { timeZone: timeZone ?? undefined });
  } catch {
    text = now.toLocaleTimeString(locale);
  }
  return <span data-testid="clock">{text}</span>;
};

/** Header weather and local time; hidden entirely while the lookups fail (offline here). */
export const WeatherClock = () => {
  const translate = useTranslate();
  const weather = useWeather();
  if (!weather) return null;
  const kind = translate(`header.weatherCodes.${weatherKind(weather.code)}`);
  return (
    <Box
      data-testid="weather"
      title={translate('header.weather')}
      sx={{
        display: { xs: 'none', md: 'flex' },
        flexDirection: 'column',
        alignItems: 'flex-end',
        mr: 1,
      }}
    >
      <Typography
        variant="body2"
        component="span"
      >{`${Math.round(weather.temperature)} °C · ${kind}`}</Typography>
      <Typography variant="caption" component="span">
        <Clock timeZone={weather.timeZone} />
      </Typography>
    </Box>
  );
};
