import { useTranslate } from 'react-admin';
import { formatDateTime } from '../i18n/formatters';
import { useFormatPrefs } from '../i18n/useFormatPrefs';
import { relativeTime } from './relativeTime';
import { useNow } from './useNow';

/** "< 1 min", "5 min", "3 h", "2 days" since the device last reported. */
export const LastUpdate = ({ value }: { value: string | null }) => {
  const translate = useTranslate();
  const now = useNow();
  const prefs = useFormatPrefs();
  const time = relativeTime(value, now);
  const text =
    time.kind === 'never' || time.kind === 'now'
      ? translate(`devices.lastUpdate.${time.kind}`)
      : translate(`devices.lastUpdate.${time.kind}`, { smart_count: time.count });
  return (
    <span title={value ? formatDateTime(value, prefs) : undefined} data-testid="last-update">
      {text}
    </span>
  );
};
