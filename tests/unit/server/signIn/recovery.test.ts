import { describe, expect, it } from 'vitest';
import { recoveryLink, recoveryOrigin } from '../../../../server/signIn/recovery';
import { originAllowed, redactUrl } from '../../../../server/auth/origin';
import { recoveryMessage } from '../../../../server/mail/recoveryMessage';

describe('recoveryOrigin', () => {
  it('is the configured public origin when the request reached no reseller domain', () => {
    expect(recoveryOrigin('https://fleet.example', null)).toBe('https://fleet.example');
    expect(recoveryOrigin('http://localhost:8082', null)).toBe('http://localhost:8082');
  });

  it("puts a matched reseller domain on the public URL's scheme and port", () => {
    expect(recoveryOrigin('https://fleet.example', 'track.acme.example')).toBe(
      'https://track.acme.example',
    );
    expect(recoveryOrigin('http://fleet.example:8082', 'track.acme.example')).toBe(
      'http://track.acme.example:8082',
    );
  });

  it('builds the link the web app routes', () => {
    expect(recoveryLink('https://a.b', 'tok-EN_1')).toBe('https://a.b/login/recover/tok-EN_1');
  });
});

describe('recoveryMessage', () => {
  it('speaks the user language, pt-BR by default, and names the brand', () => {
    expect(recoveryMessage('en-US', 'L', 'Acme').subject).toBe('Acme: password reset');
    expect(recoveryMessage('es', 'L', 'Acme').subject).toBe('Acme: restablecimiento de contraseña');
    expect(recoveryMessage('pt-BR', 'L', 'Acme').subject).toBe('Acme: redefinição de senha');
    expect(recoveryMessage(undefined, 'L', 'Acme').subject).toBe('Acme: redefinição de senha');
    expect(recoveryMessage('de', 'L', 'Acme').subject).toBe('Acme: redefinição de senha');
    const { text } = recoveryMessage('en', 'https://x/login/recover/T', 'Acme');
    expect(text).toContain('https://x/login/recover/T');
    expect(text).toContain('reset your Acme password');
    expect(recoveryMessage('pt', 'L', 'Acme').text).toContain('senha no aplicativo Acme');
    expect(recoveryMessage('es', 'L', 'Acme').text).toContain('de la aplicación Acme');
  });
});

describe('originAllowed', () => {
  it('accepts requests without Origin (same-origin GETs, non-browser clients)', () => {
    expect(originAllowed('http://a', undefined, 'a')).toBe(true);
  });

  it('requires the origin saved at login', () => {
    expect(originAllowed('http://a:1', 'http://a:1', 'a:1')).toBe(true);
    expect(originAllowed('http://a:1', 'http://evil', 'a:1')).toBe(false);
  });

  it('without a saved origin, requires the Origin host to be the Host header', () => {
    expect(originAllowed(null, 'http://a:1', 'a:1')).toBe(true);
    expect(originAllowed(null, 'http://evil:1', 'a:1')).toBe(false);
    expect(originAllowed(null, 'garbage', 'a:1')).toBe(false);
  });
});

describe('redactUrl', () => {
  it('hides tokens in query strings', () => {
    expect(redactUrl('/api/session?token=abc&x=1')).toBe('/api/session?token=[redacted]&x=1');
    expect(redactUrl('/api/socket?a=1&TOKEN=abc')).toBe('/api/socket?a=1&TOKEN=[redacted]');
    expect(redactUrl('/api/server')).toBe('/api/server');
    expect(redactUrl('/?id=1&password=p&key=k&secret=s')).toBe(
      '/?id=1&password=[redacted]&key=[redacted]&secret=[redacted]',
    );
  });

  it('hides the token of a password-reset or shared link', () => {
    expect(redactUrl('/login/recover/abc%2Fdef?x=1')).toBe('/login/recover/[redacted]?x=1');
    expect(redactUrl('/share/abc')).toBe('/share/[redacted]');
    expect(redactUrl('/login')).toBe('/login');
  });
});
