import { IllegalArgumentException } from '../errors';
import { checkCalendarText } from '../processing/calendar';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A calendar's `data` must be base64 of iCalendar text (`BEGIN:VCALENDAR…`) that parses. */
export function checkCalendarData(data: string): void {
  const compact = data.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) {
    throw new IllegalArgumentException('Calendar data must be base64');
  }
  const text = Buffer.from(compact, 'base64').toString('utf8');
  if (!/^\uFEFF?BEGIN:VCALENDAR/.test(text.trimStart())) {
    throw new IllegalArgumentException('Calendar data must be iCalendar text (BEGIN:VCALENDAR)');
  }
  // Stored unreadable, it would match nothing, silently: geofences and notifications never fire.
  try {
    checkCalendarText(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new IllegalArgumentException(`Calendar data must be valid iCalendar: ${reason}`);
  }
}
