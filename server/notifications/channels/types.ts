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
}

/** A channel without its server settings: `<Channel> is not configured - IllegalArgumentException`. */
export class ChannelNotConfigured extends IllegalArgumentException {
  constructor(readonly channel: string) {
    super(`${channel} is not configured`);
  }
}

/** A channel that is configured but could not deliver (gateway error, missing address). */
export class ChannelDeliveryFailed extends IllegalArgumentException {}

/** A non-empty trimmed string setting or attribute, else null. */
export function text(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Throws a delivery failure unless the HTTP answer is 2xx. */
export async function expectOk(response: Response, channel: string): Promise<void> {
  if (response.ok) return;
  const body = (await response.text().catch(() => '')).slice(0, 200);
  throw new ChannelDeliveryFailed(`${channel} delivery failed: HTTP ${response.status} ${body}`);
}
