import type { ServerSettings } from '../db/servers';
import { preferences } from '../reports/preferences';
import type { DeliveryChannel } from './channels';
import type { ChannelMessage } from './channels/types';
import type { ComposedNotification, Reader } from './templates/compose';

/**
 * How a user reads notifications: the language they chose in the app (`language`, `tarkan.lang`),
 * else the server's, else pt-BR; their time zone and speed unit, else the server's (the server's
 * first when it forces its settings). The same rule as the spreadsheets, so a mail and a report
 * of the same event agree.
 */
export function readerOf(
  attributes: Record<string, unknown>,
  server: Pick<ServerSettings, 'attributes' | 'forceSettings'>,
): Reader {
  const prefs = preferences(attributes, server.attributes, server.forceSettings);
  return { language: prefs.language, timeZone: prefs.timezone, speedUnit: prefs.speedUnit };
}

/**
 * What each channel carries of a rendered notification: the mail whole (subject, text and HTML),
 * the short line alone by SMS, the longer text by Telegram, and both as a push's title and text.
 */
export function channelMessage(
  channel: DeliveryChannel,
  composed: ComposedNotification,
): ChannelMessage {
  switch (channel) {
    case 'mail':
      return composed.mail;
    case 'sms':
      return { subject: composed.subject, text: composed.subject };
    case 'telegram':
    case 'firebase':
      return { subject: composed.subject, text: composed.body };
  }
}
