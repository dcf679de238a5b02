import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errors } from '../schemas';
import { isPlainObject } from '../../../model/json';
import { notFound } from '../../errors';
import { plusAdmin } from '../context';
import { INTEGRATION_KEYS, isIntegrationKey } from '../../integrations/catalog';

const IntegrationSchema = Type.Object({
  key: Type.String({ enum: INTEGRATION_KEYS }),
  title: Type.String(),
  settings: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()])),
});

/**
 * Each value's type is checked per field by `mergeSettings` (a union here would let the
 * validator's type coercion turn `true` into `"true"`).
 */
const SettingsBody = Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), {
  maxProperties: 32,
});

/**
 * `/tarkan/integrations` (docs/extension-api.md): administrators of a plus-licensed server list
 * and save the payment provider, e-mail and invoice webhook settings. Secrets are write-only.
 */
export const integrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const guard = plusAdmin(app);

  app.get(
    '/tarkan/integrations',
    { onRequest: guard, schema: { response: { 200: Type.Array(IntegrationSchema), ...errors } } },
    async () => app.integrations.list(),
  );

  app.post(
    '/tarkan/integrations/:key',
    {
      onRequest: guard,
      schema: {
        params: Type.Object({ key: Type.String({ maxLength: 32 }) }),
        body: SettingsBody,
        response: { 200: IntegrationSchema, ...errors },
      },
    },
    async (request) => {
      const { key } = request.params;
      if (!isIntegrationKey(key)) throw notFound();
      // Either the settings themselves or Tarkan's `{key, settings}` item.
      const { settings } = request.body;
      return app.integrations.save(key, isPlainObject(settings) ? settings : request.body);
    },
  );
};
