import { Secret, TOTP } from 'otpauth';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { isCodeRequired } from '../../../../../src/dataProvider/session';
import { needsTwoFactorSetup } from '../../../../../src/common/twoFactor/twoFactorRules';
import { codeMatches, totpUri } from '../../../../../src/common/twoFactor/totpUri';

const KEY = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const codeAt = (at: number) =>
  new TOTP({ secret: Secret.fromBase32(KEY) }).generate({ timestamp: at });

describe('the TOTP set-up', () => {
  it('names the brand as issuer and the user as account in the otpauth URI', () => {
    const uri = new URL(totpUri(KEY, 'Frota Rastreio', 'ana@x.test'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Frota Rastreio:ana@x.test');
    expect(uri.searchParams.get('issuer')).toBe('Frota Rastreio');
    expect(uri.searchParams.get('secret')).toBe(KEY);
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
  });

  it('accepts the current code (and a step either side), nothing older or malformed', () => {
    const now = Date.now();
    expect(codeMatches(KEY, codeAt(now))).toBe(true);
    expect(codeMatches(KEY, codeAt(now - 30_000))).toBe(true);
    const old = codeAt(now - 3600_000);
    if (old !== codeAt(now)) expect(codeMatches(KEY, old)).toBe(false);
    expect(codeMatches(KEY, '12345')).toBe(false);
    expect(codeMatches(KEY, 'abcdef')).toBe(false);
  });
});

describe('the forced set-up', () => {
  const forced = { attributes: { totpEnable: true, totpForce: true } };
  const user = { totpKey: null, attributes: {} };

  it('sends a user without a key only when the server allows and requires keys', () => {
    expect(needsTwoFactorSetup(user, forced)).toBe(true);
    expect(needsTwoFactorSetup({ ...user, totpKey: KEY }, forced)).toBe(false);
    expect(needsTwoFactorSetup(user, { attributes: { totpForce: true } })).toBe(false);
    expect(needsTwoFactorSetup(user, { attributes: { totpEnable: true } })).toBe(false);
  });

  it('leaves accounts without a password alone (shared links, QR drivers)', () => {
    expect(needsTwoFactorSetup({ ...user, attributes: { isShared: true } }, forced)).toBe(false);
    const driver = { ...user, attributes: { 'tarkan.isQrDriverId': true } };
    expect(needsTwoFactorSetup(driver, forced)).toBe(false);
  });
});

describe('isCodeRequired', () => {
  const refusal = (status: number, header: string | null) =>
    Object.assign(new HttpError('HTTP 401 Unauthorized', status, ''), {
      headers: new Headers(header ? { 'www-authenticate': header } : {}),
    });

  it("reads Traccar's 401 with WWW-Authenticate: TOTP, and nothing else", () => {
    expect(isCodeRequired(refusal(401, 'TOTP'))).toBe(true);
    expect(isCodeRequired(refusal(401, null))).toBe(false);
    expect(isCodeRequired(refusal(400, 'TOTP'))).toBe(false);
    expect(isCodeRequired(new Error('x'))).toBe(false);
  });
});
