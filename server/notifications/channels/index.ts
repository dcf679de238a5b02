import type { Db } from '../../db/database';
import { parseAttributes } from '../../db/json';
import type { Mailer } from '../../mail/mailer';
import { firebaseConfigured, FIREBASE_KEYS, sendFirebase } from './firebase';
import { sendMail } from './mail';
import { sendSms, smsConfigured, SMS_KEYS } from './sms';
import { sendTelegram, telegramConfigured, TELEGRAM_KEYS } from './telegram';
import type { ChannelContext, ChannelMessage, Recipient } from './types';

/** The channels that deliver outside the web app (web and command have no settings). */
export const DELIVERY_CHANNELS = ['mail', 'telegram', 'sms', 'firebase'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const isDeliveryChannel = (name: string): name is DeliveryChannel =>
  (DELIVERY_CHANNELS as readonly string[]).includes(name);

/** Server attributes that are credentials: only administrators read them back. */
export const SECRET_SERVER_KEYS: readonly string[] = [
  TELEGRAM_KEYS.key,
  SMS_KEYS.authorization,
  FIREBASE_KEYS.serviceAccount,
];

export interface DeliveryContext extends ChannelContext {
  mailer: Mailer | null;
  /** Called after each message a channel delivered (usage statistics count SMS here). */
  onSent?: (channel: DeliveryChannel) => void;
  /** Called for each message a channel did not deliver (monitoring). */
  onFailed?: (channel: DeliveryChannel) => void;
}

/** Whether a channel has what it needs in the server settings (mail: a mailer). */
export function channelConfigured(
  name: DeliveryChannel,
  settings: Record<string, unknown>,
  mailer: Mailer | null,
): boolean {
  switch (name) {
    case 'mail':
      return mailer !== null;
    case 'telegram':
      return telegramConfigured(settings);
    case 'sms':
      return smsConfigured(settings);
    case 'firebase':
      return firebaseConfigured(settings);
  }
}

/** Sends one message to one user; throws `ChannelNotConfigured` or `ChannelDeliveryFailed`. */
export async function deliver(
  ctx: DeliveryContext,
  name: DeliveryChannel,
  user: Recipient,
  message: ChannelMessage,
): Promise<void> {
  try {
    await send(ctx, name, user, message);
  } catch (error) {
    ctx.onFailed?.(name);
    throw error;
  }
  ctx.onSent?.(name);
}

function send(
  ctx: DeliveryContext,
  name: DeliveryChannel,
  user: Recipient,
  message: ChannelMessage,
): Promise<void> {
  switch (name) {
    case 'mail':
      return sendMail(ctx.mailer, user, message);
    case 'telegram':
      return sendTelegram(ctx, user, message);
    case 'sms':
      return sendSms(ctx, user, message);
    case 'firebase':
      return sendFirebase(ctx, user, message);
  }
}

/** The recipient fields of the given users. */
export async function loadRecipients(db: Db, userIds: readonly number[]): Promise<Recipient[]> {
  if (userIds.length === 0) return [];
  const rows = await db.kysely
    .selectFrom('users')
    .select(['id', 'email', 'phone', 'attributes'])
    .where('id', 'in', [...userIds])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    phone: row.phone,
    attributes: parseAttributes(row.attributes),
  }));
}
