import { PassThrough, Readable } from 'node:stream';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import type { ScheduledReport } from '../../../model/report';
import type { Ctx } from '../../entities/context';
import { scheduledReports } from '../../entities/resources';
import { REPORT_NAMES, type SheetName } from '../../reports/access';
import { combinedReport, geofenceReport } from '../../reports/combined';
import { routeJsonChunks } from '../../reports/routeJson';
import {
  eventsFilter,
  eventsReport,
  prepareReport,
  routeReportPages,
  stopsReport,
  summaryReport,
  tripsReport,
} from '../../reports/service';
import {
  checkMailable,
  mailSheet,
  prepareSheet,
  type PreparedSheet,
  type SheetParams,
} from '../../reports/sheets';
import { XLSX_TYPE, contentDisposition } from '../../reports/xlsx';
import { requestContext } from '../context';
import { crudRoutes, NoContent } from '../crud';
import { errors } from '../schemas';

/**
 * `GET /api/reports/{route,events,trips,stops,summary,geofences}`: JSON, or a spreadsheet with the
 * Excel `Accept` header or at `…/xlsx`; mailed to the caller instead at `…/mail` or with
 * `mail=true` and the Excel header (204 at once, the mail follows). `combined` is JSON only; the
 * device list (`devices/xlsx`, `devices/mail`) a spreadsheet only. `/api/reports` itself is the
 * scheduled reports resource. Traccar's ExtJS leftovers (`page`, `start`, `limit`, `_dc`) are
 * accepted and ignored.
 */

const ReportQuerystring = Type.Object({
  deviceId: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  groupId: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  geofenceId: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }))),
  from: Type.Optional(Type.String()),
  to: Type.Optional(Type.String()),
  daily: Type.Optional(Type.Boolean()),
  mail: Type.Optional(Type.Boolean()),
  type: Type.Optional(Type.Array(Type.String())),
  alarm: Type.Optional(Type.Array(Type.String())),
  timezone: Type.Optional(Type.String({ maxLength: 64 })),
});

type Format = 'json' | 'xlsx' | 'mail';

function wantsXlsx(accept: string | undefined): boolean {
  return accept !== undefined && accept.toLowerCase().includes(XLSX_TYPE);
}

/** The path suffix decides; else the Excel header, with `mail=true` to mail it (Traccar). */
function formatOf(
  suffix: '' | 'xlsx' | 'mail',
  accept: string | undefined,
  mail?: boolean,
): Format {
  if (suffix !== '') return suffix;
  if (!wantsXlsx(accept)) return 'json';
  return mail === true ? 'mail' : 'xlsx';
}

function sendSheet(reply: FastifyReply, sheet: PreparedSheet) {
  const output = new PassThrough();
  sheet.write(output).catch((error: unknown) => {
    reply.log.error({ err: error }, 'report spreadsheet failed');
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header(
      'content-disposition',
      contentDisposition(sheet.name, sheet.from, sheet.to, sheet.preferences),
    )
    .type(XLSX_TYPE)
    .send(output);
}

/**
 * Access, input, the mailer and the user's address are checked before answering (a refusal is a
 * 400 as usual); the rows, the workbook and the mail follow the 204, and a failure there (SMTP
 * down or refusing) is only logged, as Traccar's report mailer does.
 */
function mailLater(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  ctx: Ctx,
  sheet: PreparedSheet,
  reply: FastifyReply,
) {
  mailSheet(app.mailer, ctx.actor.user.email, sheet).catch((err: unknown) =>
    log.warn({ err, userId: ctx.actor.user.id, report: sheet.name }, 'Email report failed'),
  );
  return reply.code(204).send(null);
}

export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const onRequest = app.auth.userHook;
  const schema = { querystring: ReportQuerystring };

  /** The spreadsheet or mailed forms of a report; null when JSON was asked for. */
  async function sheetAnswer(
    ctx: Ctx,
    name: SheetName,
    format: Format,
    query: SheetParams,
    reply: FastifyReply,
  ) {
    const sheet = await prepareSheet(ctx, name, query);
    if (format === 'mail') {
      checkMailable(app.mailer, ctx.actor.user.email);
      return mailLater(app, reply.log, ctx, sheet, reply);
    }
    return sendSheet(reply, sheet);
  }

  for (const report of [...REPORT_NAMES, 'geofences'] as const) {
    for (const suffix of ['', 'xlsx', 'mail'] as const) {
      app.get(
        `/api/reports/${report}${suffix ? `/${suffix}` : ''}`,
        { onRequest, schema },
        async (request, reply) => {
          const ctx = await requestContext(app, request);
          const { query } = request;
          const format = formatOf(suffix, request.headers.accept, query.mail);
          if (format !== 'json') return sheetAnswer(ctx, report, format, query, reply);
          const prepared = await prepareReport(ctx, report, query);
          switch (report) {
            case 'route':
              return reply
                .type('application/json; charset=utf-8')
                .send(Readable.from(routeJsonChunks(routeReportPages(ctx, prepared))));
            case 'events':
              return eventsReport(ctx, prepared, eventsFilter(query));
            case 'trips':
              return tripsReport(ctx, prepared);
            case 'stops':
              return stopsReport(ctx, prepared);
            case 'summary':
              return summaryReport(ctx, prepared, query.daily === true);
            case 'geofences':
              return geofenceReport(ctx, prepared, query.geofenceId ?? []);
          }
        },
      );
    }
  }

  app.get('/api/reports/combined', { onRequest, schema }, async (request) => {
    const ctx = await requestContext(app, request);
    return combinedReport(ctx, await prepareReport(ctx, 'combined', request.query));
  });

  const DevicesQuerystring = Type.Object({
    timezone: Type.Optional(Type.String({ maxLength: 64 })),
  });
  for (const suffix of ['xlsx', 'mail'] as const) {
    app.get(
      `/api/reports/devices/${suffix}`,
      {
        onRequest,
        schema: { querystring: DevicesQuerystring, response: { 204: NoContent, ...errors } },
      },
      async (request, reply) =>
        sheetAnswer(await requestContext(app, request), 'devices', suffix, request.query, reply),
    );
  }

  await app.register(crudRoutes<ScheduledReport>('/api/reports', scheduledReports));
};
