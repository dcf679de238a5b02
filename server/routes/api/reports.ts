import { PassThrough, Readable } from 'node:stream';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ScheduledReport } from '../../../model/report';
import type { Ctx } from '../../access/context';
import { scheduledReports } from '../../reports/scheduledDef';
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

/**
 * Runs a report handler with a signal that aborts when the client closes the request before its
 * answer is complete (a cancelled load, a closed tab): the report stops at its next device or
 * page, which is worth a line in the log, not an error. A handler failing because of it ends the
 * request quietly, there being nobody to answer.
 */
async function unlessClientGone<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  handle: (signal: AbortSignal) => Promise<T>,
): Promise<T | FastifyReply> {
  const controller = new AbortController();
  const gone = () => {
    if (controller.signal.aborted) return;
    // The connection also closes once a complete answer is sent: no cancellation then.
    if (reply.raw.writableFinished) return;
    request.log.info({ route: request.routeOptions.url }, 'report cancelled by the client');
    controller.abort();
  };
  // Fastify's signal follows the connection from the moment it is first asked for; a client
  // that left while the request was being signed in is gone already.
  request.signal.addEventListener('abort', gone, { once: true });
  if (request.raw.destroyed) gone();
  const { signal } = controller;
  try {
    return await handle(signal);
  } catch (error) {
    if (!signal.aborted) throw error;
    reply.hijack();
    reply.raw.destroy();
    return reply;
  }
}

function sendSheet(
  request: FastifyRequest,
  reply: FastifyReply,
  sheet: PreparedSheet,
  signal: AbortSignal,
) {
  const output = new PassThrough();
  sheet.write(output).catch((error: unknown) => {
    // A download the client cancelled stops writing (its rows stop coming): not a failure.
    if (signal.aborted) request.log.info('report spreadsheet stopped: its client has gone');
    else reply.log.error({ err: error }, 'report spreadsheet failed');
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

  /**
   * The spreadsheet or mailed forms of a report. A download stops when its client goes; a mailed
   * report is answered at once and written after, so it takes no signal.
   */
  async function sheetAnswer(
    ctx: Ctx,
    name: SheetName,
    format: Format,
    query: SheetParams,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (format === 'mail') {
      const sheet = await prepareSheet(ctx, name, query);
      checkMailable(app.mailer, ctx.actor.user.email);
      return mailLater(app, reply.log, ctx, sheet, reply);
    }
    return unlessClientGone(request, reply, async (signal) =>
      sendSheet(request, reply, await prepareSheet(ctx, name, query, signal), signal),
    );
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
          if (format !== 'json') return sheetAnswer(ctx, report, format, query, request, reply);
          return unlessClientGone(request, reply, async (signal) => {
            const prepared = await prepareReport(ctx, report, query, signal);
            switch (report) {
              case 'route':
                // A stream: a client that goes destroys it, which ends the pages' generator.
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
          });
        },
      );
    }
  }

  app.get('/api/reports/combined', { onRequest, schema }, async (request, reply) => {
    const ctx = await requestContext(app, request);
    return unlessClientGone(request, reply, async (signal) =>
      combinedReport(ctx, await prepareReport(ctx, 'combined', request.query, signal)),
    );
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
        sheetAnswer(
          await requestContext(app, request),
          'devices',
          suffix,
          request.query,
          request,
          reply,
        ),
    );
  }

  await app.register(crudRoutes<ScheduledReport>('/api/reports', scheduledReports));
};
