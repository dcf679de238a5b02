import { getJson } from './http';

/** One day of server usage (`GET /api/statistics`, Traccar's Statistics). */
export interface StatisticsRow {
  id: number;
  captureTime: string;
  activeUsers: number;
  activeDevices: number;
  requests: number;
  messagesReceived: number;
  messagesStored: number;
  mailSent: number;
  smsSent: number;
  geocoderRequests: number;
  geolocationRequests: number;
  protocols: Record<string, number> | null;
  attributes: Record<string, unknown>;
}

export const statisticsMethods = {
  /** The days whose start lies in [from, to], oldest first (administrators). */
  getStatistics: (from: Date, to: Date, signal?: AbortSignal): Promise<StatisticsRow[]> =>
    getJson<StatisticsRow[]>('/api/statistics', {
      query: { from: from.toISOString(), to: to.toISOString() },
      signal,
    }),
};
