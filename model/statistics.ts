/**
 * Usage statistics, one row per day (`GET /api/statistics`, Traccar's Statistics). The counters
 * add up over a period; the active users and devices are distinct ids within the day and do not.
 */
export const STATISTICS_COUNTERS = [
  'requests',
  'messagesReceived',
  'messagesStored',
  'mailSent',
  'smsSent',
  'geocoderRequests',
  'geolocationRequests',
] as const;

export type StatisticsCounter = (typeof STATISTICS_COUNTERS)[number];

export type Statistics = {
  id: number;
  /** The day's start (ISO, UTC). */
  captureTime: string;
  activeUsers: number;
  activeDevices: number;
  /** Devices per protocol of their last stored position that day. */
  protocols: Record<string, number> | null;
  attributes: Record<string, unknown>;
} & Record<StatisticsCounter, number>;
