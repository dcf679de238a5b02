import {
  Type,
  type FastifyPluginAsyncTypebox,
  type TypeBoxTypeProvider,
} from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import type { Server } from '../../../model';
import { remainingServerDevices } from '../../devices/deviceLimit';
import { RuntimeException, WebApplicationException } from '../../errors';
import { OVERRIDE_MAX_BYTES, overrideRoot, writeOverrideFile } from '../../media/webOverride';
import { publicServerInfo, updateServerInfo } from '../../settings/serverInfo';
import { timeZoneIds } from '../../settings/timezones';
import { acceptRawBodies } from '../rawBody';
import { ServerInputSchema, ServerSchema, baseErrors } from '../schemas';

export const serverRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const features = () => ({ emailEnabled: app.mailer !== null });

  /** The plus-licence headers the web app reads: mode, and devices still allowed. */
  const licenceHeaders = async (reply: FastifyReply, server: Server): Promise<Server> => {
    if (app.config.licenseMode) reply.header('licensemode', app.config.licenseMode);
    const remaining = await remainingServerDevices(app.db, server.attributes);
    if (remaining !== null) reply.header('devicelimit', String(remaining));
    return server;
  };

  app.get('/api/server', { schema: { response: { 200: ServerSchema } } }, async (_request, reply) =>
    licenceHeaders(reply, await publicServerInfo(app.db, features())),
  );

  app.put(
    '/api/server',
    {
      onRequest: app.auth.adminHook,
      schema: {
        body: ServerInputSchema,
        response: { 200: ServerSchema, ...baseErrors },
      },
    },
    async (request, reply) => {
      await app.auth.requireAdmin(request);
      return licenceHeaders(reply, await updateServerInfo(app.db, request.body, features()));
    },
  );

  // Any signed-in user, as in Traccar: the preferences screen offers the list.
  app.get(
    '/api/server/timezones',
    {
      onRequest: app.auth.userHook,
      schema: { response: { 200: Type.Array(Type.String()), ...baseErrors } },
    },
    async () => [...timeZoneIds()],
  );

  // Frota has no reverse geocoder (`geocoderEnabled` is false): Traccar's answer without one.
  app.get(
    '/api/server/geocode',
    {
      onRequest: app.auth.userHook,
      schema: {
        querystring: Type.Object({
          latitude: Type.Optional(Type.Number()),
          longitude: Type.Optional(Type.Number()),
        }),
        response: { 200: Type.String(), ...baseErrors },
      },
    },
    async () => {
      throw new RuntimeException('Reverse geocoding is not enabled');
    },
  );

  // A file served instead of the web app's own at the same path (docs/traccar-api.md), raw body.
  await app.register(async (scope) => {
    const raw = scope.withTypeProvider<TypeBoxTypeProvider>();
    acceptRawBodies(
      raw,
      OVERRIDE_MAX_BYTES,
      () => new WebApplicationException(413, 'File size limit exceeded'),
    );
    raw.post(
      '/api/server/file/:path',
      {
        onRequest: app.auth.adminHook,
        schema: {
          params: Type.Object({ path: Type.String() }),
          // 200 with an empty body, as Traccar answers it.
          response: { 200: Type.Literal(''), 413: Type.String(), ...baseErrors },
        },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const written = await writeOverrideFile(
          overrideRoot(app.config.dataDir),
          request.params.path,
          body,
        );
        // Traccar answers a bare 400 to a path leaving its override folder.
        if (!written) throw new WebApplicationException(400, 'Invalid file path');
        return reply.code(200).send('');
      },
    );
  });
};
