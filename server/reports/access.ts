import type { PermName } from '../../model';
import { DENIED, hasBit, reportsDenial } from '../permissions/checkAccess';
import type { Actor } from '../access/actor';

export type ReportName = 'route' | 'events' | 'trips' | 'stops' | 'summary';

export const REPORT_NAMES: readonly ReportName[] = ['route', 'events', 'trips', 'stops', 'summary'];

/** Reports outside Tarkan's five: the combined view, geofence visits and the device list. */
export type ExtraReport = 'combined' | 'geofences' | 'devices';

/** Every report with a spreadsheet (and so a mailed form): the five, geofences, the device list. */
export type SheetName = ReportName | 'geofences' | 'devices';

/**
 * Tarkan's report bits (`model/advancedPerms.ts`); the summary, combined, geofence and device
 * list reports, which have no bit of their own, need only the menu bit.
 */
const BITS: Record<ReportName | ExtraReport, PermName | null> = {
  route: 'reportRoute',
  stops: 'reportStops',
  trips: 'reportTrips',
  events: 'reportEvents',
  summary: null,
  combined: null,
  geofences: null,
  devices: null,
};

/**
 * Whether the actor may run a report: the `disableReports` restriction (server or user), then,
 * when the server enables advanced permissions, the `reports` bit (72) and the report's own bit
 * (73–76). Returns the denial message or null. Admins are never restricted.
 */
export function reportDenial(actor: Actor, report: ReportName | ExtraReport): string | null {
  const restricted = reportsDenial(actor);
  if (restricted) return restricted;
  if (actor.admin) return null;
  const bit = BITS[report];
  if (!hasBit(actor, 'reports') || (bit !== null && !hasBit(actor, bit))) return DENIED.read;
  return null;
}
