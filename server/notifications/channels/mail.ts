import type { Mailer } from '../../mail/mailer';
import {
  ChannelDeliveryFailed,
  ChannelNotConfigured,
  type ChannelMessage,
  type Recipient,
} from './types';

/** Mails the message to the user's address through the server's mailer (null: not configured). */
export async function sendMail(
  mailer: Mailer | null,
  user: Recipient,
  message: ChannelMessage,
): Promise<void> {
  if (!mailer) throw new ChannelNotConfigured('Mail');
  if (!user.email) throw new ChannelDeliveryFailed('Email address is not set');
  try {
    await mailer.send({
      to: user.email,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.attachments?.length ? { attachments: message.attachments } : {}),
    });
  } catch {
    throw new ChannelDeliveryFailed('Mail delivery failed');
  }
}
