import type { Language } from '../../model/language';
import type { NotificationTemplate, TemplatePreview } from '../../model/notificationTemplate';
import { getJson, request } from './http';

const PATH = '/tarkan/notification-templates';

const templatePath = (type: string, language: Language) =>
  `${PATH}/${encodeURIComponent(type)}/${encodeURIComponent(language)}`;

export interface TemplateDraft {
  subject: string;
  body: string;
}

/** Notification templates (administrators, embedded mode): every event type per language. */
export const notificationTemplateMethods = {
  /** Every event type's template in one language, edited or the default. */
  getNotificationTemplates: (
    language: Language,
    signal?: AbortSignal,
  ): Promise<NotificationTemplate[]> => getJson(PATH, { query: { language }, signal }),

  saveNotificationTemplate: async (
    type: string,
    language: Language,
    draft: TemplateDraft,
  ): Promise<NotificationTemplate> =>
    (
      await request<NotificationTemplate>(templatePath(type, language), {
        method: 'PUT',
        json: draft,
      })
    ).body,

  /** Back to the product's default text. */
  resetNotificationTemplate: async (
    type: string,
    language: Language,
  ): Promise<NotificationTemplate> =>
    (await request<NotificationTemplate>(templatePath(type, language), { method: 'DELETE' })).body,

  /** The draft rendered by the server on a sample event, as a recipient in `language` gets it. */
  previewNotificationTemplate: async (
    type: string,
    language: Language,
    draft: TemplateDraft,
    signal?: AbortSignal,
  ): Promise<TemplatePreview> =>
    (
      await request<TemplatePreview>(`${PATH}/preview`, {
        method: 'POST',
        json: { type, language, ...draft },
        signal,
      })
    ).body,
};
