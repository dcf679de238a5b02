import { EVENT_TYPES, EXTENSION_EVENT_TYPES, type EventType } from './event';
import type { Language } from './language';

/**
 * Notification templates (`/tarkan/notification-templates`, docs/extension-api.md): the text of
 * a notification per event type and language, which administrators may edit. A template has a
 * short `subject` (the mail subject, and the whole text of the short channels: web, SMS,
 * Telegram's first line, the push title) and a `body` (the mail's text, Telegram, the push text).
 * Values go in as `{name}` placeholders, from the list below only.
 */

/** Every event type a notification can be about, and so has a template. */
export const TEMPLATE_EVENT_TYPES: readonly EventType[] = [
  ...EVENT_TYPES,
  ...EXTENSION_EVENT_TYPES,
];

export const TEMPLATE_PLACEHOLDERS = [
  'device',
  'event',
  'alarm',
  'geofence',
  'speed',
  'speedLimit',
  'time',
  'address',
  'position',
  'link',
  'driver',
  'maintenance',
  'result',
  'brand',
] as const;

export type TemplatePlaceholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

export const TEMPLATE_LIMITS = { subject: 200, body: 4000 } as const;

export interface NotificationTemplate {
  type: EventType;
  language: Language;
  subject: string;
  body: string;
  /** An administrator changed it; false: the product's default text. */
  custom: boolean;
}

/** A template as a sample event renders it (`POST /tarkan/notification-templates/preview`). */
export interface TemplatePreview {
  subject: string;
  /** The mail's plain-text part. */
  text: string;
  /** The mail's HTML part (a whole document). */
  html: string;
  /** What the short channels (web, SMS) carry. */
  short: string;
}

export const isTemplatePlaceholder = (name: string): name is TemplatePlaceholder =>
  (TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name);

/** A text cut into literal parts and `{name}` placeholders, in order. */
export type TemplatePart = { text: string } | { placeholder: string };

/**
 * Splits a template at its placeholders. Null when a brace has no partner (`{device`, `speed}`
 * or `{{`), which the server refuses: a stray brace is almost always a broken placeholder.
 */
export function parseTemplate(text: string): TemplatePart[] | null {
  const parts: TemplatePart[] = [];
  const pattern = /\{([^{}]*)\}/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ placeholder: match[1].trim() });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts.some((part) => 'text' in part && /[{}]/.test(part.text)) ? null : parts;
}
