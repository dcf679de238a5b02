import type { EntityDef, Wire } from '../entities/definition';
import { attributes, description, type } from '../entities/fields';
import { IllegalArgumentException } from '../errors';

/**
 * Report types a schedule may name: the five Traccar's web app schedules (each has a spreadsheet
 * to mail). The geofence report needs geofences, which a schedule has no way to name.
 */
export const SCHEDULABLE_TYPES = ['route', 'events', 'trips', 'stops', 'summary'] as const;
export type SchedulableType = (typeof SCHEDULABLE_TYPES)[number];

export const isSchedulable = (type: unknown): type is SchedulableType =>
  (SCHEDULABLE_TYPES as readonly unknown[]).includes(type);

/**
 * The whole scheduled report about to be saved: a known type, a calendar (its periods are what
 * gets mailed; Traccar's job fails on a report without one), `daily` (summary: per day) a boolean
 * and `types` (events: the event types, comma-separated, as traccar-web saves them) text.
 */
export function checkScheduledReport(wire: Wire): void {
  if (!isSchedulable(wire.type)) {
    throw new IllegalArgumentException(`type must be one of ${SCHEDULABLE_TYPES.join(', ')}`);
  }
  if (!wire.calendarId) throw new IllegalArgumentException('calendarId is required');
  const attributes = wire.attributes as Record<string, unknown>;
  if (attributes.daily !== undefined && typeof attributes.daily !== 'boolean') {
    throw new IllegalArgumentException('Invalid attributes.daily: expected true or false');
  }
  if (attributes.types !== undefined && typeof attributes.types !== 'string') {
    throw new IllegalArgumentException('Invalid attributes.types: expected comma-separated text');
  }
}

/** Scheduled reports (Traccar's `Report`): mailed to linked users when a calendar period ends. */
export const scheduledReports: EntityDef = {
  kind: 'report',
  area: 'reports',
  fields: {
    type,
    description,
    calendarId: { kind: 'ref', target: 'calendar' },
    attributes,
  },
  sort: 'description',
  keywords: ['description'],
  extended: true,
  hooks: { validate: checkScheduledReport },
};
