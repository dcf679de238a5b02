import { useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime, formatNumber } from '../../i18n/formatters';
import { useFormatPrefs } from '../../i18n/useFormatPrefs';

/**
 * List cells through the app's formatters. react-admin's own DateField and NumberField format
 * with the browser's language, not the interface's, so an English screen in a Brazilian
 * browser mixed `24/11/2026` with `11/24/2026`; these follow the chosen locale and the user's
 * time zone.
 */

const valueAt = (record: Record<string, unknown> | undefined, source: string): unknown =>
  source
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      record,
    );

export const DateTimeText = ({ source }: { source: string }) => {
  const record = useRecordContext();
  const prefs = useFormatPrefs();
  const value = valueAt(record, source);
  return <>{typeof value === 'string' && value ? formatDateTime(value, prefs) : '—'}</>;
};

export const NumberText = ({ source }: { source: string }) => {
  const record = useRecordContext();
  const { locale } = useFormatPrefs();
  const value = valueAt(record, source);
  return <>{typeof value === 'number' ? formatNumber(value, locale, { max: 2 }) : '—'}</>;
};

/** An enumerated value by its translation under `prefix` (`admin.computed.types.number`). */
export const ChoiceText = ({ prefix, value }: { prefix: string; value: unknown }) => {
  const translate = useTranslate();
  const text = typeof value === 'string' ? value : '';
  return <>{text ? translate(`${prefix}.${text}`, { _: text }) : '—'}</>;
};
