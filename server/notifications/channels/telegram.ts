import {
  ChannelDeliveryFailed,
  ChannelNotConfigured,
  expectOk,
  text,
  type ChannelContext,
  type ChannelMessage,
  type Recipient,
} from './types';

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
export async function sendTelegram(
  ctx: ChannelContext,
  user: Recipient,
  message: ChannelMessage,
): Promise<void> {
  const key = text(ctx.settings[TELEGRAM_KEYS.key]);
  if (!key) throw new ChannelNotConfigured('Telegram');
  const chatId = telegramChat(ctx.settings, user);
  if (!chatId) throw new ChannelDeliveryFailed('Telegram chat id is not set');
  const base = (text(ctx.settings[TELEGRAM_KEYS.url]) ?? TELEGRAM_DEFAULT_URL).replace(/\/+$/, '');
  const response = await ctx.fetch(`${base}/bot${encodeURIComponent(key)}/sendMessage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chat_id: chatId, text: message.text }),
    signal: AbortSignal.timeout(15_000),
  });
  await expectOk(response, 'Telegram');
}
