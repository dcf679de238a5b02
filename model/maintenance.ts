/**
 * A maintenance schedule (`/api/maintenance`). `type` is the position value watched (an
 * attribute such as `totalDistance` or `hours`); `start` and `period` are in its units.
 */
export interface Maintenance {
  id: number;
  name: string;
  type: string;
  start: number;
  period: number;
  attributes: Record<string, unknown>;
}
