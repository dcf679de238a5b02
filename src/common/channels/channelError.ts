import { HttpError } from 'react-admin';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const FIXED: Record<string, string> = {
  'Telegram chat id is not set': 'channels.errors.chatMissing',
  'Phone number is not set': 'channels.errors.phoneMissing',
  'No notification tokens registered': 'channels.errors.tokensMissing',
  'Email address is not set': 'channels.errors.emailMissing',
};

/** The server text of an error (`<message> - <Kind>` → `<message>`). */
const serverText = (error: unknown): string => {
  const raw = error instanceof HttpError && typeof error.body === 'string' ? error.body : '';
  const text = raw || (error instanceof Error ? error.message : '');
  return text.split(' - ')[0].trim();
};

/** A channel test's failure in the user's language ("SMS is not configured", …). */
export function channelErrorMessage(translate: Translate, error: unknown): string {
  const text = serverText(error);
  const fixed = FIXED[text];
  if (fixed) return translate(fixed);
  const notConfigured = /^(.+) is not configured$/.exec(text);
  if (notConfigured)
    return translate('channels.errors.notConfigured', { channel: notConfigured[1] });
  const failed = /^(\S+) delivery failed/.exec(text);
  if (failed) return translate('channels.errors.failed', { channel: failed[1] });
  return text ? translate(text, { _: text }) : translate('ra.notification.http_error');
}
