import { Box, Slider, Typography } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { NO_TINT, parseTint, type Tint } from '../../map/tint';

const format = ({ hue, saturation, brightness }: Tint) => `${hue}|${saturation}|${brightness}`;

const SLIDERS = [
  { part: 'hue', min: 0, max: 360, step: 1 },
  { part: 'saturation', min: 0, max: 4, step: 0.1 },
  { part: 'brightness', min: 0, max: 2, step: 0.05 },
] as const;

/** A `"hue|saturation|brightness"` tint (`tarkan.color`, `tarkan.color_extra`) as three sliders. */
export const TintInput = ({ source, label }: { source: string; label: string }) => {
  const translate = useTranslate();
  const { field } = useInput({ source });
  const tint = field.value ? parseTint(field.value) : NO_TINT;
  return (
    <Box sx={{ width: 260 }}>
      <Typography variant="subtitle2">{translate(label)}</Typography>
      {SLIDERS.map(({ part, min, max, step }) => (
        <Box key={part} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="caption" sx={{ width: 80 }}>
            {translate(`admin.tint.${part}`)}
          </Typography>
          <Slider
            size="small"
            min={min}
            max={max}
            step={step}
            value={tint[part]}
            aria-label={`${translate(label)} ${translate(`admin.tint.${part}`)}`}
            onChange={(_, value) => field.onChange(format({ ...tint, [part]: value as number }))}
          />
        </Box>
      ))}
    </Box>
  );
};
