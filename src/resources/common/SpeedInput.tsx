import { NumberInput, useTranslate } from 'react-admin';
import { SPEED_LABEL } from '../../i18n/formatters';
import { convertSpeed, speedToKnots, type SpeedUnit } from '../../i18n/units';
import { useFormatPrefs } from '../../i18n/useFormatPrefs';

/** Knots (stored) → the number shown in `unit`, to two decimals so a round-trip stays put. */
export const speedForInput = (knots: unknown, unit: SpeedUnit): number | '' =>
  typeof knots === 'number' && Number.isFinite(knots)
    ? Math.round(convertSpeed(knots, unit) * 100) / 100
    : '';

/** A typed value in `unit` → knots; empty stays empty (no limit). */
export const speedFromInput = (value: unknown, unit: SpeedUnit): number | null => {
  const number = typeof value === 'number' ? value : Number(value);
  return value === '' || value === null || value === undefined || !Number.isFinite(number)
    ? null
    : speedToKnots(number, unit);
};

/**
 * A speed stored in knots (Traccar's unit on the wire and in attributes) edited in the user's
 * unit, km/h unless they chose otherwise: the conversion happens here, at the form boundary,
 * and the label names the unit the user types in.
 */
export const SpeedInput = ({ source, label }: { source: string; label: string }) => {
  const translate = useTranslate();
  const { speed } = useFormatPrefs();
  return (
    <NumberInput
      source={source}
      label={`${translate(label)} (${SPEED_LABEL[speed]})`}
      format={(value: unknown) => speedForInput(value, speed)}
      parse={(value: unknown) => speedFromInput(value, speed)}
    />
  );
};
