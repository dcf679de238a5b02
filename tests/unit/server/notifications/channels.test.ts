import { describe, expect, it } from 'vitest';
import {
  parseServiceAccount,
  userTokens,
} from '../../../../server/notifications/channels/firebase';
import { keepSecrets, withoutSecrets } from '../../../../server/notifications/channels/secrets';
import { renderSmsTemplate } from '../../../../server/notifications/channels/sms';
import { telegramChat } from '../../../../server/notifications/channels/telegram';
import { sendMail } from '../../../../server/notifications/channels/mail';
import { hostOf, isHostname, resellerSettings } from '../../../../server/resellers/attributes';

const user = (attributes: Record<string, unknown> = {}, phone: string | null = null) => ({
  id: 1,
  email: 'a@frota.test',
  phone,
  attributes,
});

describe('SMS template', () => {
  it('escapes values for a JSON template', () => {
    expect(
      renderSmsTemplate('{"to":"{phone}","text":"{message}"}', '+55 11', 'Van "A"\nparou'),
    ).toEqual({
      contentType: 'application/json',
      body: '{"to":"+55 11","text":"Van \\"A\\"\\nparou"}',
    });
  });

  it('URL-encodes values for a form template', () => {
    expect(renderSmsTemplate('phone={phone}&message={message}', '+55 11', 'a&b=c')).toEqual({
      contentType: 'application/x-www-form-urlencoded',
      body: 'phone=%2B55%2011&message=a%26b%3Dc',
    });
  });
});

describe('channel adapters', () => {
  it('picks the user Telegram chat over the server default', () => {
    const settings = { 'notificator.telegram.chatId': '-100' };
    expect(telegramChat(settings, user({ telegramChatId: 77 }))).toBe('77');
    expect(telegramChat(settings, user())).toBe('-100');
    expect(telegramChat({}, user())).toBeNull();
  });

  it('reads a service account and the user push tokens', () => {
    expect(parseServiceAccount('{"project_id":"p"}')).toBeNull();
    expect(parseServiceAccount('not json')).toBeNull();
    expect(parseServiceAccount({ project_id: 'p', client_email: 'e@x', private_key: 'k' })).toEqual(
      {
        projectId: 'p',
        clientEmail: 'e@x',
        privateKey: 'k',
        tokenUri: 'https://oauth2.googleapis.com/token',
      },
    );
    expect(userTokens(user({ notificationTokens: 'a,b, a' }))).toEqual(['a', 'b']);
  });

  it('reports mail as not configured without a mailer', async () => {
    await expect(sendMail(null, user(), { subject: 's', text: 't' })).rejects.toThrow(
      'Mail is not configured',
    );
  });

  it('never shows credentials and keeps them when a save leaves them out', () => {
    const stored = { 'notificator.telegram.key': 'k', 'notificator.sms.http.url': 'u' };
    expect(withoutSecrets(stored)).toEqual({ 'notificator.sms.http.url': 'u' });
    expect(keepSecrets(stored, { 'notificator.sms.http.url': 'v' })).toEqual({
      'notificator.telegram.key': 'k',
      'notificator.sms.http.url': 'v',
    });
    expect(keepSecrets(stored, { 'notificator.telegram.key': '' })).toEqual({});
  });
});

describe('reseller attributes', () => {
  it('validates host names and strips ports from Host', () => {
    expect(isHostname('track.acme.example')).toBe(true);
    expect(isHostname('localhost')).toBe(false);
    expect(isHostname('-bad.example')).toBe(false);
    expect(isHostname('10.0.0.1')).toBe(false);
    expect(hostOf('Track.Acme.example:8082')).toBe('track.acme.example');
    expect(hostOf('[::1]:8082')).toBe('[::1]');
  });

  it('reads reseller settings leniently', () => {
    expect(
      resellerSettings({
        'tarkan.reseller': 'true',
        'tarkan.domainReseller': ' A.Example.com ',
        'tarkan.limitReseller': '5',
      }),
    ).toEqual({ reseller: true, subReseller: false, domain: 'a.example.com', limit: 5 });
  });
});
