import type { AlarmKey } from '../alarm';
import type { EventType } from '../event';

/** Alarm names: Traccar's alarm keys, and `shock`, which some trackers send besides them. */
export type AlarmName = AlarmKey | 'shock';

/** What one language calls each event type and alarm, everywhere the product names them. */
export interface Vocabulary {
  events: Record<EventType, string>;
  alarms: Record<AlarmName, string>;
}
