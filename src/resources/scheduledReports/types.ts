/** The report types a schedule may name (the server's list), in menu order. */
export const SCHEDULED_TYPES = ['summary', 'trips', 'stops', 'events', 'route'] as const;
