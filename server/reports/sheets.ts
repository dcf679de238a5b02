import { PassThrough, type Writable } from 'node:stream';
import type { Ctx } from '../access/context';
import type { Mailer } from '../mail/mailer';
import { reportDenial, type SheetName } from './access';
import { IllegalArgumentException, SecurityException } from '../errors';
import { geofenceReport } from './combined';
import { devicesReport } from './devicesReport';
import { TEXTS } from './i18n';
import { preferences, type Preferences } from './preferences';
import {
  eventsFilter,
  eventsReport,
  prepareReport,
  routeReportPages,
  stopsReport,
  summaryReport,
  tripsReport,
  type ReportParams,
} from './service';
import { geofenceNames, type ReportDevice } from './source';
import { lookupBoolean } from '../processing/lookup';
import {
  XLSX_TYPE,
  deviceRows,
  eventRows,
  geofenceRows,
  routeRows,
  sheetFileName,
  stopRows,
  summaryRows,
  tripRows,
  writeSheet,
} from './xlsx';

/** Devices whose odometer is `totalDistance` whatever they report (`report.ignoreOdometer`). */
const ignoringOdometer = (devices: readonly ReportDevice[]): Set<number> =>
  new Set(
    devices
      .filter((device) => lookupBoolean('report.ignoreOdometer', device.sources, false))
      .map((device) => device.id),
  );

/**
 * Any report as a spreadsheet, for the `/xlsx` download, the mailed report and the scheduled one
 * alike: `prepareSheet` checks access and input (and throws before anything is produced), the
 * returned `write` gathers the rows and writes the workbook.
 */

export interface SheetParams extends ReportParams {
  geofenceId?: number[];
}

export interface PreparedSheet {
  name: SheetName;
  /** The report period; the device list, which has none, uses the moment it was asked for. */
  from: number;
  to: number;
  preferences: Preferences;
  write(output: Writable): Promise<void>;
}

/**
 * `signal` (a download's, never a mailed report's, which outlives its request) stops gathering
 * the rows when the client has gone.
 */
export async function prepareSheet(
  ctx: Ctx,
  name: SheetName,
  params: SheetParams,
  signal?: AbortSignal,
): Promise<PreparedSheet> {
  if (name === 'devices') {
    const denial = reportDenial(ctx.actor, 'devices');
    if (denial) throw new SecurityException(denial);
    const now = Date.now();
    const { actor } = ctx;
    const prefs = preferences(
      actor.user.attributes,
      actor.server.attributes,
      actor.server.forceSettings,
      params.timezone,
    );
    return {
      name,
      from: now,
      to: now,
      preferences: prefs,
      write: async (out) =>
        writeSheet(out, name, prefs, deviceRows(await devicesReport(ctx), prefs)),
    };
  }
  const request = await prepareReport(ctx, name, params, signal);
  const prefs = request.preferences;
  const names = new Map(request.devices.map((d) => [d.id, d.name]));
  const sheet = (write: (out: Writable) => Promise<void>): PreparedSheet => ({
    name,
    from: request.from,
    to: request.to,
    preferences: prefs,
    write,
  });
  switch (name) {
    case 'route':
      return sheet((out) =>
        writeSheet(
          out,
          name,
          prefs,
          routeRows(
            routeReportPages(ctx, request),
            names,
            prefs,
            ignoringOdometer(request.devices),
          ),
        ),
      );
    case 'events':
      return sheet(async (out) => {
        const events = await eventsReport(ctx, request, eventsFilter(params));
        const geofences = await geofenceNames(
          ctx.db,
          events.flatMap((e) => (e.geofenceId ? [e.geofenceId] : [])),
        );
        await writeSheet(out, name, prefs, eventRows(events, names, geofences, prefs));
      });
    case 'trips':
      return sheet(async (out) =>
        writeSheet(out, name, prefs, tripRows(await tripsReport(ctx, request), prefs)),
      );
    case 'stops':
      return sheet(async (out) =>
        writeSheet(out, name, prefs, stopRows(await stopsReport(ctx, request), prefs)),
      );
    case 'summary':
      return sheet(async (out) =>
        writeSheet(
          out,
          name,
          prefs,
          summaryRows(await summaryReport(ctx, request, params.daily === true), prefs),
        ),
      );
    case 'geofences':
      return sheet(async (out) => {
        const items = await geofenceReport(ctx, request, params.geofenceId ?? []);
        const geofences = await geofenceNames(
          ctx.db,
          items.map((i) => i.geofenceId),
        );
        await writeSheet(out, name, prefs, geofenceRows(items, geofences, prefs));
      });
  }
}

/** The whole workbook in memory, for a mail attachment. */
export async function sheetBuffer(sheet: PreparedSheet): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });
  await sheet.write(output);
  await ended;
  return Buffer.concat(chunks);
}

/** One address: something before and after a single `@`, no spaces. */
const MAIL_ADDRESS = /^[^\s@]+@[^\s@]+$/;

/**
 * What can be known before a mailed report is answered: that there is a mailer, and an address to
 * mail to (a sign-in name such as the first administrator's `admin` is none). Refused here, the
 * user is told; past the answer, only the log would know. SMTP's own failures come later.
 */
export function checkMailable(mailer: Mailer | null, email: string): void {
  if (!mailer) throw new IllegalArgumentException('Mail is not configured');
  if (!MAIL_ADDRESS.test(email)) throw new IllegalArgumentException('Account has no email address');
}

/**
 * Mails the spreadsheet to `email` in the sheet's language. Without a mailer it throws, as
 * Traccar's mail manager does; callers that answered already log the failure.
 */
export async function mailSheet(
  mailer: Mailer | null,
  email: string,
  sheet: PreparedSheet,
): Promise<void> {
  if (!mailer) throw new Error('Mail is not configured');
  const content = await sheetBuffer(sheet);
  const texts = TEXTS[sheet.preferences.language];
  await mailer.send({
    to: email,
    subject: texts.mail.subject,
    text: texts.mail.body,
    attachments: [
      {
        filename: sheetFileName(sheet.name, sheet.from, sheet.to, sheet.preferences),
        content,
        contentType: XLSX_TYPE,
      },
    ],
  });
}
