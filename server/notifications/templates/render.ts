import {
  isTemplatePlaceholder,
  parseTemplate,
  TEMPLATE_LIMITS,
  type TemplatePlaceholder,
} from '../../../model/notificationTemplate';
import { IllegalArgumentException } from '../../errors';
import type { TemplateText } from './defaults';

export type TemplateValues = Record<TemplatePlaceholder, string>;

/**
 * Refuses a template the renderer could not fill as written: empty, too long, a subject over
 * several lines, a stray brace, or a placeholder that does not exist (named in the message, so
 * the editor can say which one).
 */
export function checkTemplate(input: TemplateText): TemplateText {
  const subject = input.subject.trim();
  const body = input.body.trim();
  if (subject === '') throw new IllegalArgumentException('Template subject is empty');
  if (body === '') throw new IllegalArgumentException('Template body is empty');
  if (subject.length > TEMPLATE_LIMITS.subject) {
    throw new IllegalArgumentException(
      `Template subject is longer than ${TEMPLATE_LIMITS.subject} characters`,
    );
  }
  if (body.length > TEMPLATE_LIMITS.body) {
    throw new IllegalArgumentException(
      `Template body is longer than ${TEMPLATE_LIMITS.body} characters`,
    );
  }
  if (/[\r\n]/.test(subject)) {
    throw new IllegalArgumentException('Template subject must be one line');
  }
  for (const [field, text] of [
    ['subject', subject],
    ['body', body],
  ] as const) {
    const parts = parseTemplate(text);
    if (!parts) throw new IllegalArgumentException(`Unmatched brace in template ${field}`);
    for (const part of parts) {
      if ('placeholder' in part && !isTemplatePlaceholder(part.placeholder)) {
        throw new IllegalArgumentException(
          `Unknown placeholder {${part.placeholder}} in template ${field}`,
        );
      }
    }
  }
  return { subject, body };
}

/**
 * The template with each placeholder replaced by its value, passed through `escape` (HTML
 * escaping for the mail's HTML part); the literal text is escaped too. A template that no longer
 * parses (it cannot, once checked) comes out as its escaped text.
 */
export function fillTemplate(
  text: string,
  values: TemplateValues,
  escape: (value: string) => string = (value) => value,
): string {
  const parts = parseTemplate(text);
  if (!parts) return escape(text);
  return parts
    .map((part) =>
      'text' in part
        ? escape(part.text)
        : isTemplatePlaceholder(part.placeholder)
          ? escape(values[part.placeholder])
          : '',
    )
    .join('');
}

/** Whether the template uses a placeholder (costly values are looked up only when used). */
export const usesPlaceholder = (template: TemplateText, name: TemplatePlaceholder): boolean =>
  [template.subject, template.body].some((text) =>
    (parseTemplate(text) ?? []).some((part) => 'placeholder' in part && part.placeholder === name),
  );

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
