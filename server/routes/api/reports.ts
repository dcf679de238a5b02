import { PassThrough, Readable } from 'node:stream';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { REPORT_NAMES, type ReportName } from '../../reports/access';
import { routeJsonChunks } from '../../reports/routeJson';
import {
  eventsFilter,
  eventsReport,
  prepareReport,
  routeReportPages,
  stopsReport,
  summaryReport,
  tripsReport,
  type ReportRequest,
} from '../../reports/service';
import { geofenceNames } from '../../reports/source';
import {
  XLSX_TYPE,
  contentDisposition,
  eventRows,
  routeRows,
  stopRows,
  summaryRows,
  tripRows,
  writeSheet,
} from '../../reports/xlsx';
import { requestContext } from '../context';

/**
 * `GET /api/reports/{route,events,trips,stops,summary}`: JSON, or a spreadsheet
 * with the Excel `Accept` header or at `…/xlsx`. Traccar's ExtJS leftovers (`page`, `start`,
 * `limit`, `_dc`) are accepted and ignored.
 */

const ReportQuerystring = Type.Object({
  deviceId: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  groupId: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  from: Type.Optional(Type.String()),
  to: Type.Optional(Type.String()),
  daily: Type.Optional(Type.Boolean()),
  type: Type.Optional(Type.Array(Type.String())),
  alarm: Type.Optional(Type.Array(Type.String())),
  timezone: Type.Optional(Type.String({ maxLength: 64 })),
});

function wantsXlsx(accept: string | undefined): boolean {
  return accept !== undefined && accept.toLowerCase().includes(XLSX_TYPE);
}

function sendSheet(
  reply: FastifyReply,
  report: ReportName,
  request: ReportRequest,
  write: (output: PassThrough) => Promise<void>,
) {
  const output = new PassThrough();
  write(output).catch((error: unknown) => {
    reply.log.error({ err: error }, 'report spreadsheet failed');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header(
      'content-disposition',
      contentDisposition(report, request.from, request.to, request.preferences),
    )
    .type(XLSX_TYPE)
    .send(output);
}

export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const report of REPORT_NAMES) {
    for (const forceXlsx of [false, true]) {
      app.get(
        `/api/reports/${report}${forceXlsx ? '/xlsx' : ''}`,
        {
          onRequest: app.auth.userHook,
          schema: { querystring: ReportQuerystring },
        },
        async (request, reply) => {
          const ctx = await requestContext(app, request);
          const xlsx = forceXlsx || wantsXlsx(request.headers.accept);
          const prepared = await prepareReport(ctx, report, request.query);
          const prefs = prepared.preferences;
          const names = new Map(prepared.devices.map((d) => [d.id, d.name]));

          switch (report) {
            case 'route':
              if (xlsx) {
                return sendSheet(reply, report, prepared, (out) =>
                  writeSheet(
                    out,
                    report,
                    prefs,
                    routeRows(routeReportPages(ctx, prepared), names, prefs),
                  ),
                );
              }
              return reply
                .type('application/json; charset=utf-8')
                .send(Readable.from(routeJsonChunks(routeReportPages(ctx, prepared))));
            case 'events': {
              const events = await eventsReport(ctx, prepared, eventsFilter(request.query));
              if (!xlsx) return events;
              const geofences = await geofenceNames(
                ctx.db,
                events.flatMap((e) => (e.geofenceId ? [e.geofenceId] : [])),
              );
              return sendSheet(reply, report, prepared, (out) =>
                writeSheet(out, report, prefs, eventRows(events, names, geofences, prefs)),
              );
            }
            case 'trips': {
              const trips = await tripsReport(ctx, prepared);
              if (!xlsx) return trips;
              return sendSheet(reply, report, prepared, (out) =>
                writeSheet(out, report, prefs, tripRows(trips, prefs)),
              );
            }
            case 'stops': {
              const stops = await stopsReport(ctx, prepared);
              if (!xlsx) return stops;
              return sendSheet(reply, report, prepared, (out) =>
                writeSheet(out, report, prefs, stopRows(stops, prefs)),
              );
            }
            case 'summary': {
              const summary = await summaryReport(ctx, prepared, request.query.daily === true);
              if (!xlsx) return summary;
              return sendSheet(reply, report, prepared, (out) =>
                writeSheet(out, report, prefs, summaryRows(summary, prefs)),
              );
            }
          }
        },
      );
    }
  }
};
