import { useTranslate } from 'react-admin';
import { DecimalInput } from '../../common/DecimalInput';
import { SPEED_LABEL } from '../../i18n/formatters';
import { convertSpeed, speedToKnots, type SpeedUnit } from '../../i18n/units';
import { useFormatPrefs } from '../../i18n/useFormatPrefs';

/** Knots (stored) → the number shown in `unit`, to two decimals so a round-trip stays put. */
export const speedForInput = (knots: unknown, unit: SpeedUnit): number | null => {
  const number = typeof knots === 'string' && knots.trim() !== '' ? Number(knots) : knots;
  return typeof number === 'number' && Number.isFinite(number)
    ? Math.round(convertSpeed(number, unit) * 100) / 100
    : null;
};

/** A typed value in `unit` → knots. */
export const speedFromInput = (value: number, unit: SpeedUnit): number => speedToKnots(value, unit);

/**
 * A speed stored in knots (Traccar's unit on the wire and in attributes) edited in the user's
 * unit, km/h unless they chose otherwise: the conversion happens here, at the form boundary,
 * and the label names the unit the user types in.
 */
export const SpeedInput = ({ source, label }: { source: string; label: string }) => {
  const translate = useTranslate();
  const { speed } = useFormatPrefs();
  return (
    <DecimalInput
      source={source}
      label={`${translate(label)} (${SPEED_LABEL[speed]})`}
      toShown={(value) => speedForInput(value, speed)}
      toStored={(value) => speedFromInput(value, speed)}
      maxDecimals={2}
      min={0}
    />
  );
};
