import { ChannelDeliveryFailed, postToGateway, requiredSetting, text } from './types';
import type { ChannelSend } from './types';

/** Server attributes of the HTTP SMS gateway (Traccar's `notificator.sms.http.*`). */
export const SMS_KEYS = {
  url: 'notificator.sms.http.url',
  authorization: 'notificator.sms.http.authorization',
  template: 'notificator.sms.http.template',
} as const;

/** Traccar's default: a form body. A template starting with `{` is sent as JSON. */
const SMS_DEFAULT_TEMPLATE = 'phone={phone}&message={message}';

export const smsConfigured = (settings: Record<string, unknown>): boolean =>
  text(settings[SMS_KEYS.url]) !== null;

export interface SmsRequest {
  contentType: string;
  body: string;
}

/**
 * Fills `{phone}` and `{message}` in the template, escaped for the body type: JSON string
 * escaping for a JSON template, URL encoding for a form template.
 */
export function renderSmsTemplate(template: string, phone: string, message: string): SmsRequest {
  const json = template.trim().startsWith('{');
  const escape = json
    ? (value: string) => JSON.stringify(value).slice(1, -1)
    : (value: string) => encodeURIComponent(value);
  const values: Record<string, string> = { phone: escape(phone), message: escape(message) };
  return {
    contentType: json ? 'application/json' : 'application/x-www-form-urlencoded',
    body: template.replace(/\{(phone|message)\}/g, (_match, name: string) => values[name]),
  };
}

/** Posts one message to the gateway for the user's phone. */
export const sendSms: ChannelSend = async (ctx, user, message) => {
  const url = requiredSetting(ctx, SMS_KEYS.url, 'SMS');
  const phone = text(user.phone);
  if (!phone) throw new ChannelDeliveryFailed('Phone number is not set');
  const template = text(ctx.settings[SMS_KEYS.template]) ?? SMS_DEFAULT_TEMPLATE;
  const { contentType, body } = renderSmsTemplate(template, phone, message.text);
  const headers: Record<string, string> = { 'content-type': contentType };
  const authorization = text(ctx.settings[SMS_KEYS.authorization]);
  if (authorization) headers.authorization = authorization;
  await postToGateway(ctx, 'SMS', url, { headers, body });
};
