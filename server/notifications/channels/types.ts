import type { MailAttachment } from '../../mail/mailer';
import { IllegalArgumentException } from '../../errors';

/** Who a channel delivers to: the user fields the channels read. */
export interface Recipient {
  id: number;
  email: string;
  phone: string | null;
  attributes: Record<string, unknown>;
}

export interface ChannelLog {
  warn(object: unknown, message?: string): void;
}

/** What every channel adapter receives: the server attributes and an injectable fetch. */
export interface ChannelContext {
  settings: Record<string, unknown>;
  fetch: typeof fetch;
  log: ChannelLog;
}

export interface ChannelMessage {
  subject: string;
  text: string;
  /** Mail only: the HTML part beside the text, and the images it refers to (`cid:`). */
  html?: string;
  attachments?: MailAttachment[];
}

/** A channel without its server settings: `<Channel> is not configured - IllegalArgumentException`. */
export class ChannelNotConfigured extends IllegalArgumentException {
  constructor(readonly channel: string) {
    super(`${channel} is not configured`);
  }
}

/** A channel that is configured but could not deliver (gateway error, missing address). */
export class ChannelDeliveryFailed extends IllegalArgumentException {}

/** How a gateway channel (Telegram, SMS, Firebase) sends one message to one user. */
export type ChannelSend = (
  ctx: ChannelContext,
  user: Recipient,
  message: ChannelMessage,
) => Promise<void>;

/** A setting the channel cannot work without; throws `ChannelNotConfigured` when it is unset. */
export function requiredSetting(ctx: ChannelContext, key: string, channel: string): string {
  const value = text(ctx.settings[key]);
  if (value === null) throw new ChannelNotConfigured(channel);
  return value;
}

/** The gateway's base URL: the setting, else the public default; no trailing slash. */
export function gatewayBase(ctx: ChannelContext, key: string, fallback: string): string {
  return (text(ctx.settings[key]) ?? fallback).replace(/\/+$/, '');
}

/** A non-empty trimmed string setting or attribute, else null. */
export function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/**
 * POSTs to a channel's gateway (15 s timeout) and returns the answer; throws a delivery failure
 * unless it is 2xx.
 */
export async function postToGateway(
  ctx: ChannelContext,
  channel: string,
  url: string,
  request: { headers: Record<string, string>; body: string },
): Promise<Response> {
  const response = await ctx.fetch(url, {
    method: 'POST',
    headers: request.headers,
    body: request.body,
    signal: AbortSignal.timeout(15_000),
  });
  if (response.ok) return response;
  const body = (await response.text().catch(() => '')).slice(0, 200);
  throw new ChannelDeliveryFailed(`${channel} delivery failed: HTTP ${response.status} ${body}`);
}
