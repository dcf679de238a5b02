import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { getServerSettings } from '../../db/servers';
import { readerOf } from '../../notifications/readers';
import { composeNotification } from '../../notifications/templates/compose';
import { checkTemplate } from '../../notifications/templates/render';
import { sampleFacts } from '../../notifications/templates/sample';
import {
  checkLanguage,
  getTemplate,
  listTemplates,
  resetTemplate,
  saveTemplate,
  templateKey,
} from '../../notifications/templates/store';
import { baseErrors } from '../schemas';

const Template = Type.Object({
  type: Type.String(),
  language: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  custom: Type.Boolean(),
});
const TemplateInput = Type.Object({ subject: Type.String(), body: Type.String() });
const Key = Type.Object({ type: Type.String(), language: Type.String() });
const Preview = Type.Object({
  subject: Type.String(),
  text: Type.String(),
  html: Type.String(),
  short: Type.String(),
});

/** The route that renders without saving: no audit record (it changes nothing). */
const PREVIEW_ROUTE = '/tarkan/notification-templates/preview';

/**
 * Notification templates (docs/extension-api.md), administrators only: every event type's text
 * in each language, edited, reset to the default, or previewed on a sample event as a recipient
 * in that language would get it. Embedded mode only: in proxy mode Traccar sends notifications.
 */
export const notificationTemplateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const hooks = { onRequest: app.auth.adminHook };

  app.get(
    '/tarkan/notification-templates',
    {
      ...hooks,
      schema: {
        querystring: Type.Object({ language: Type.Optional(Type.String()) }),
        response: { 200: Type.Array(Template), ...baseErrors },
      },
    },
    async (request) => {
      const { language } = request.query;
      return listTemplates(app.db, language === undefined ? undefined : checkLanguage(language));
    },
  );

  app.get(
    '/tarkan/notification-templates/:type/:language',
    { ...hooks, schema: { params: Key, response: { 200: Template, ...baseErrors } } },
    async (request) =>
      getTemplate(app.db, ...templateKey(request.params.type, request.params.language)),
  );

  app.put(
    '/tarkan/notification-templates/:type/:language',
    {
      ...hooks,
      schema: { params: Key, body: TemplateInput, response: { 200: Template, ...baseErrors } },
    },
    async (request) => {
      const [type, language] = templateKey(request.params.type, request.params.language);
      return saveTemplate(app.db, type, language, request.body);
    },
  );

  app.delete(
    '/tarkan/notification-templates/:type/:language',
    { ...hooks, schema: { params: Key, response: { 200: Template, ...baseErrors } } },
    async (request) =>
      resetTemplate(app.db, ...templateKey(request.params.type, request.params.language)),
  );

  app.post(
    PREVIEW_ROUTE,
    {
      ...hooks,
      schema: {
        body: Type.Object({
          type: Type.String(),
          language: Type.String(),
          subject: Type.String(),
          body: Type.String(),
        }),
        response: { 200: Preview, ...baseErrors },
      },
    },
    async (request) => {
      const { type: typeName, language: languageName, ...input } = request.body;
      const [type, language] = templateKey(typeName, languageName);
      const template = checkTemplate(input);
      const { user } = await app.auth.requireAdmin(request);
      // The caller's zone and units, in the language being edited.
      const reader = {
        ...readerOf(user.attributes, await getServerSettings(app.db)),
        language,
      };
      const composed = composeNotification(
        template,
        sampleFacts(type, language, Date.now()),
        reader,
        await app.notificationBrands.main(),
        'inline',
      );
      return {
        subject: composed.mail.subject,
        text: composed.mail.text,
        html: composed.mail.html,
        short: composed.subject,
      };
    },
  );
};
