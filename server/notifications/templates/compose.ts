import type { EventType } from '../../../model/event';
import { formatCoordinates, formatDateTime, formatSpeed } from '../../../model/format';
import type { Language } from '../../../model/language';
import type { SpeedUnit } from '../../../model/units';
import { alarmNames, eventName } from '../../../model/vocabulary';
import type { TemplateText } from './defaults';
import { escapeHtml, fillTemplate, type TemplateValues } from './render';
import { NOTIFICATION_TEXTS } from './texts';

/** What is known of an event, whoever reads it: the names and the position it happened at. */
export interface EventFacts {
  type: EventType;
  eventTime: number;
  deviceId: number;
  attributes: Record<string, unknown>;
  deviceName: string;
  geofenceName: string | null;
  maintenanceName: string | null;
  position: {
    latitude: number;
    longitude: number;
    /** Knots. */
    speed: number;
    address: string | null;
  } | null;
}

/** How one recipient reads: their language, time zone and speed unit. */
export interface Reader {
  language: Language;
  timeZone: string;
  speedUnit: SpeedUnit;
}

/** The brand a recipient knows the product by, and where its web app is. */
export interface NotificationBrand {
  name: string;
  /** The header colour of the mail (the theme's primary colour). */
  color: string;
  /** The web app's origin, from configuration: links in messages point here. */
  origin: string;
  logo: { content: Buffer; contentType: string } | null;
}

export interface MailAttachmentPart {
  filename: string;
  content: Buffer;
  contentType: string;
  cid: string;
}

/** One event as one recipient gets it through each channel. */
export interface ComposedNotification {
  /** The mail subject, and the whole text of web and SMS notifications. */
  subject: string;
  /** The longer text: Telegram, the push text, the mail's words. */
  body: string;
  mail: { subject: string; text: string; html: string; attachments: MailAttachmentPart[] };
}

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

const LOGO_CID = 'brand-logo';

/** The link to a device in the web app. */
export const deviceLink = (origin: string, deviceId: number): string =>
  `${origin.replace(/\/+$/, '')}/devices/${deviceId}`;

/** Every placeholder's value for this event and reader, formatted as the screens format it. */
export function templateValues(
  facts: EventFacts,
  reader: Reader,
  brand: Pick<NotificationBrand, 'name' | 'origin'>,
): TemplateValues {
  const { attributes, position } = facts;
  const prefs = { locale: reader.language, timeZone: reader.timeZone, speed: reader.speedUnit };
  const knots = typeof attributes.speed === 'number' ? attributes.speed : position?.speed;
  const limit = typeof attributes.speedLimit === 'number' ? attributes.speedLimit : null;
  const speed = (value: number | null | undefined) => formatSpeed(value, prefs, 0);
  return {
    device: facts.deviceName,
    event: eventName(facts.type, reader.language),
    alarm:
      typeof attributes.alarm === 'string' ? alarmNames(attributes.alarm, reader.language) : '',
    geofence: facts.geofenceName ?? '',
    speed: speed(knots),
    speedLimit: speed(limit),
    time: formatDateTime(facts.eventTime, prefs),
    address: position?.address ?? '',
    position: position ? formatCoordinates(position.latitude, position.longitude) : '',
    link: deviceLink(brand.origin, facts.deviceId),
    driver: text(attributes.driverUniqueId),
    maintenance: facts.maintenanceName ?? '',
    result: text(attributes.result),
    brand: brand.name,
  };
}

/** Inline styles only: mail clients drop style sheets. */
const STYLE = {
  body: 'margin:0;padding:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933',
  card: 'max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden',
  header: 'padding:16px 24px;color:#ffffff;font-size:20px;font-weight:bold',
  logo: 'height:36px;max-width:200px;vertical-align:middle;margin-right:12px;border:0',
  title: 'margin:0 0 12px;font-size:20px;line-height:1.3',
  text: 'margin:0 0 16px;font-size:15px;line-height:1.5',
  label:
    'padding:6px 12px 6px 0;color:#52606d;font-size:14px;white-space:nowrap;vertical-align:top',
  value: 'padding:6px 0;font-size:14px',
  button:
    'display:inline-block;padding:10px 20px;border-radius:4px;color:#ffffff;text-decoration:none;font-weight:bold',
  footer: 'padding:16px 24px;font-size:12px;color:#52606d;border-top:1px solid #e4e7eb',
};

/** A colour safe inside a style attribute (the theme already checks it; this keeps it so). */
const safeColor = (color: string): string =>
  /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\))$/i.test(color) ? color : '#00796b';

interface MailParts {
  subject: string;
  body: string;
  facts: EventFacts;
  values: TemplateValues;
  reader: Reader;
  brand: NotificationBrand;
  /** The logo's `src`: `cid:…` in a mail, a data URL in a preview. */
  logoSrc: string | null;
}

/** The mail's HTML document: the brand, the template's words, the event's details, the link. */
function mailHtml({ subject, body, facts, values, reader, brand, logoSrc }: MailParts): string {
  const words = NOTIFICATION_TEXTS[reader.language].mail;
  const color = safeColor(brand.color);
  const rows: [string, string][] = [
    [words.device, values.device],
    [words.event, values.event],
    [words.time, values.time],
  ];
  if (values.address) rows.push([words.address, values.address]);
  if (facts.position) rows.push([words.position, values.position]);
  const details = rows
    .map(
      ([label, value]) =>
        `<tr><td style="${STYLE.label}">${escapeHtml(label)}</td><td style="${STYLE.value}">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  const logo = logoSrc ? `<img src="${escapeHtml(logoSrc)}" alt="" style="${STYLE.logo}">` : '';
  const paragraphs = body
    .split(/\n{2,}/)
    .map((part) => `<p style="${STYLE.text}">${part.split('\n').join('<br>')}</p>`)
    .join('');
  const footer = fillTemplate(words.footer, values, escapeHtml);
  return [
    '<!DOCTYPE html>',
    `<html lang="${reader.language}"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${subject}</title></head>`,
    `<body style="${STYLE.body}">`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f6f8"><tr><td align="center" style="padding:24px 12px">`,
    `<table role="presentation" cellpadding="0" cellspacing="0" style="${STYLE.card}">`,
    `<tr><td style="${STYLE.header};background:${color}">${logo}${escapeHtml(brand.name)}</td></tr>`,
    `<tr><td style="padding:24px">`,
    `<h1 style="${STYLE.title}">${subject}</h1>`,
    paragraphs,
    `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 20px">${details}</table>`,
    `<a href="${escapeHtml(values.link)}" style="${STYLE.button};background:${color}">${escapeHtml(words.open)}</a>`,
    '</td></tr>',
    `<tr><td style="${STYLE.footer}">${footer}</td></tr>`,
    '</table></td></tr></table></body></html>',
  ].join('\n');
}

/** The mail's plain-text part: the same words and details as the HTML one. */
function mailText(body: string, facts: EventFacts, values: TemplateValues, reader: Reader) {
  const words = NOTIFICATION_TEXTS[reader.language].mail;
  const lines = [
    body,
    '',
    `${words.device}: ${values.device}`,
    `${words.event}: ${values.event}`,
    `${words.time}: ${values.time}`,
  ];
  if (values.address) lines.push(`${words.address}: ${values.address}`);
  if (facts.position) lines.push(`${words.position}: ${values.position}`);
  lines.push('', `${words.open}: ${values.link}`, '', '--', fillTemplate(words.footer, values));
  return lines.join('\n');
}

/**
 * One event rendered for one reader: the template filled with values in the reader's language,
 * units and time zone, and the branded mail around it. `logo` says how the mail shows the brand's
 * logo: as an attachment it refers to (a real mail) or inline as a data URL (a preview).
 */
export function composeNotification(
  template: TemplateText,
  facts: EventFacts,
  reader: Reader,
  brand: NotificationBrand,
  logo: 'attachment' | 'inline' = 'attachment',
): ComposedNotification {
  const values = templateValues(facts, reader, brand);
  const subject = fillTemplate(template.subject, values);
  const body = fillTemplate(template.body, values);
  const attachments: MailAttachmentPart[] = [];
  let logoSrc: string | null = null;
  if (brand.logo && logo === 'attachment') {
    attachments.push({
      filename: 'logo',
      content: brand.logo.content,
      contentType: brand.logo.contentType,
      cid: LOGO_CID,
    });
    logoSrc = `cid:${LOGO_CID}`;
  } else if (brand.logo) {
    logoSrc = `data:${brand.logo.contentType};base64,${brand.logo.content.toString('base64')}`;
  }
  const html = mailHtml({
    subject: fillTemplate(template.subject, values, escapeHtml),
    body: fillTemplate(template.body, values, escapeHtml),
    facts,
    values,
    reader,
    brand,
    logoSrc,
  });
  return {
    subject,
    body,
    mail: { subject, text: mailText(body, facts, values, reader), html, attachments },
  };
}
