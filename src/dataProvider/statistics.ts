import type { Statistics } from '../../model';
import { getJson } from './http';

export const statisticsMethods = {
  /** The days whose start lies in [from, to], oldest first (administrators). */
  getStatistics: (from: Date, to: Date, signal?: AbortSignal): Promise<Statistics[]> =>
    getJson<Statistics[]>('/api/statistics', {
      query: { from: from.toISOString(), to: to.toISOString() },
      signal,
    }),
};
