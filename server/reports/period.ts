import { IllegalArgumentException } from '../errors';
import { parseReportDate } from './service';

/**
 * `from` and `to` of a period query (statistics, audit, position exports and deletion): both
 * required, ISO-8601 with a zone as Traccar parses them, `to` not before `from`.
 */
export function parsePeriod(
  from: string | undefined,
  to: string | undefined,
): { from: number; to: number } {
  const period = { from: parseReportDate('from', from), to: parseReportDate('to', to) };
  if (period.to < period.from) {
    throw new IllegalArgumentException('Invalid period: to is before from');
  }
  return period;
}
