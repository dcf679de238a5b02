import { ChannelDeliveryFailed, gatewayBase, postToGateway, requiredSetting, text } from './types';
import type { ChannelSend, Recipient } from './types';

/** Server attributes of the Telegram channel (Traccar's names, plus the Bot API base URL). */
export const TELEGRAM_KEYS = {
  key: 'notificator.telegram.key',
  chatId: 'notificator.telegram.chatId',
  url: 'notificator.telegram.url',
} as const;

const TELEGRAM_DEFAULT_URL = 'https://api.telegram.org';

export const telegramConfigured = (settings: Record<string, unknown>): boolean =>
  text(settings[TELEGRAM_KEYS.key]) !== null;

/** The user's `telegramChatId`, else the server's default chat. */
export function telegramChat(settings: Record<string, unknown>, user: Recipient): string | null {
  return text(user.attributes.telegramChatId) ?? text(settings[TELEGRAM_KEYS.chatId]);
}

/** Bot API `sendMessage` to one user's chat. */
export const sendTelegram: ChannelSend = async (ctx, user, message) => {
  const key = requiredSetting(ctx, TELEGRAM_KEYS.key, 'Telegram');
  const chatId = telegramChat(ctx.settings, user);
  if (!chatId) throw new ChannelDeliveryFailed('Telegram chat id is not set');
  const base = gatewayBase(ctx, TELEGRAM_KEYS.url, TELEGRAM_DEFAULT_URL);
  await postToGateway(ctx, 'Telegram', `${base}/bot${encodeURIComponent(key)}/sendMessage`, {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chat_id: chatId, text: message.text }),
  });
};
