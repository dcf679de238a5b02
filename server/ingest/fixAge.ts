import type { Config } from '../config';
import type { DialectName } from '../db/database';

/**
 * The oldest fix ingest accepts: `MAX_FIX_AGE_DAYS`, and on PostgreSQL no older than the positions
 * retention, as such a fix would land in a partition being dropped (docs/scaling.md).
 */
export function maxFixAgeMs(
  config: Pick<Config, 'maxFixAgeDays' | 'positionsRetentionDays'>,
  dialect: DialectName,
): number | null {
  const retention = dialect === 'postgres' ? config.positionsRetentionDays : null;
  const days = [config.maxFixAgeDays, retention].filter((d): d is number => d !== null);
  return days.length === 0 ? null : Math.min(...days) * 86_400_000;
}
