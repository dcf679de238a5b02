import type { EventType } from '../../../model/event';
import { isLanguage, LANGUAGES, type Language } from '../../../model/language';
import {
  TEMPLATE_EVENT_TYPES,
  type NotificationTemplate,
} from '../../../model/notificationTemplate';
import type { Db } from '../../db/database';
import { IllegalArgumentException } from '../../errors';
import { defaultTemplate, type TemplateText } from './defaults';
import { checkTemplate } from './render';

/**
 * The templates administrators edited, over the product's defaults. Only edited templates are
 * stored (`notification_templates`), so a reset is a delete.
 */

/** The edited templates, by `type|language`; read once per batch of notifications. */
export type TemplateOverrides = ReadonlyMap<string, TemplateText>;

const key = (type: string, language: string) => `${type}|${language}`;

export async function loadOverrides(db: Db): Promise<TemplateOverrides> {
  const rows = await db.kysely
    .selectFrom('notificationTemplates')
    .select(['type', 'language', 'subject', 'body'])
    .execute();
  return new Map(
    rows.map((row) => [key(row.type, row.language), { subject: row.subject, body: row.body }]),
  );
}

/** The template in force: the edited one, else the default. */
export const templateFor = (
  overrides: TemplateOverrides,
  type: EventType,
  language: Language,
): TemplateText => overrides.get(key(type, language)) ?? defaultTemplate(type, language);

export const isTemplateType = (type: string): type is EventType =>
  (TEMPLATE_EVENT_TYPES as readonly string[]).includes(type);

export function checkLanguage(language: string): Language {
  if (!isLanguage(language)) throw new IllegalArgumentException(`Unknown language ${language}`);
  return language;
}

/** The event type and language of a request, refused when either is not one the product has. */
export function templateKey(type: string, language: string): [EventType, Language] {
  if (!isTemplateType(type)) throw new IllegalArgumentException(`Unknown event type ${type}`);
  return [type, checkLanguage(language)];
}

const entry = (
  overrides: TemplateOverrides,
  type: EventType,
  language: Language,
): NotificationTemplate => ({
  type,
  language,
  ...templateFor(overrides, type, language),
  custom: overrides.has(key(type, language)),
});

/** Every template, edited or not: event types in the product's order, each in every language. */
export async function listTemplates(db: Db, language?: Language): Promise<NotificationTemplate[]> {
  const overrides = await loadOverrides(db);
  const languages = language ? [language] : LANGUAGES;
  return TEMPLATE_EVENT_TYPES.flatMap((type) =>
    languages.map((lang) => entry(overrides, type, lang)),
  );
}

export async function getTemplate(
  db: Db,
  type: EventType,
  language: Language,
): Promise<NotificationTemplate> {
  return entry(await loadOverrides(db), type, language);
}

/** Checks and stores an edited template (one row, inserted or replaced). */
export async function saveTemplate(
  db: Db,
  type: EventType,
  language: Language,
  input: TemplateText,
  now = Date.now(),
): Promise<NotificationTemplate> {
  const { subject, body } = checkTemplate(input);
  await db.kysely
    .insertInto('notificationTemplates')
    .values({ type, language, subject, body, updated: now })
    .onConflict((conflict) =>
      conflict.columns(['type', 'language']).doUpdateSet({ subject, body, updated: now }),
    )
    .execute();
  return { type, language, subject, body, custom: true };
}

/** Back to the product's default text. */
export async function resetTemplate(
  db: Db,
  type: EventType,
  language: Language,
): Promise<NotificationTemplate> {
  await db.kysely
    .deleteFrom('notificationTemplates')
    .where('type', '=', type)
    .where('language', '=', language)
    .execute();
  return { type, language, ...defaultTemplate(type, language), custom: false };
}
