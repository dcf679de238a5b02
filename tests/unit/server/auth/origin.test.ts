import { describe, expect, it } from 'vitest';
import { crossSiteRefused, type CrossSiteFacts } from '../../../../server/auth/origin';

const base: CrossSiteFacts = {
  method: 'POST',
  login: false,
  cookie: true,
  bearer: false,
  basic: false,
  origin: undefined,
  secFetchSite: undefined,
  contentType: 'application/json',
  host: 'fleet.example',
  publicOrigin: null,
};
const refused = (facts: Partial<CrossSiteFacts>) => crossSiteRefused({ ...base, ...facts });

describe('crossSiteRefused for sign-ins', () => {
  const login = { login: true, cookie: false, contentType: 'application/x-www-form-urlencoded' };

  it('refuses another origin or a cross-site browser context', () => {
    expect(refused({ ...login, origin: 'https://evil.example' })).toBe(true);
    expect(refused({ ...login, origin: 'null' })).toBe(true);
    expect(refused({ ...login, secFetchSite: 'cross-site' })).toBe(true);
    expect(refused({ ...login, secFetchSite: 'same-site' })).toBe(true);
    expect(refused({ ...login, method: 'GET', secFetchSite: 'cross-site' })).toBe(true);
  });

  it('accepts our own origin, PUBLIC_URL, and clients that send neither header', () => {
    expect(refused({ ...login, origin: 'https://fleet.example' })).toBe(false);
    expect(refused({ ...login, origin: 'https://fleet.example', host: 'fleet.example:443' })).toBe(
      false,
    );
    expect(
      refused({
        ...login,
        origin: 'https://fleet.example',
        host: '10.0.0.5:8082',
        publicOrigin: 'https://fleet.example',
      }),
    ).toBe(false);
    expect(refused({ ...login, secFetchSite: 'same-origin' })).toBe(false);
    expect(refused({ ...login, method: 'GET', secFetchSite: 'none' })).toBe(false);
    expect(refused(login)).toBe(false);
  });
});

describe('crossSiteRefused for writes with the session cookie', () => {
  it('lets safe methods and cookie-less or bearer requests through', () => {
    expect(refused({ method: 'GET', origin: 'https://evil.example' })).toBe(false);
    expect(refused({ cookie: false, origin: 'https://evil.example' })).toBe(false);
    expect(refused({ bearer: true, contentType: 'application/x-www-form-urlencoded' })).toBe(false);
  });

  it('requires our Origin when there is one', () => {
    expect(refused({ origin: 'https://fleet.example' })).toBe(false);
    expect(refused({ origin: 'http://fleet.example:8080' })).toBe(true);
    expect(refused({ method: 'DELETE', origin: 'https://evil.example' })).toBe(true);
  });

  it('without Origin, trusts Sec-Fetch-Site when the browser sends it', () => {
    expect(refused({ secFetchSite: 'same-origin' })).toBe(false);
    expect(refused({ secFetchSite: 'same-site' })).toBe(true);
    expect(refused({ secFetchSite: 'cross-site' })).toBe(true);
  });

  it('with neither header, refuses only bodies another site could send', () => {
    for (const type of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain;charset=UTF-8',
      'Application/X-WWW-Form-Urlencoded',
    ]) {
      expect(refused({ contentType: type })).toBe(true);
    }
    expect(refused({ contentType: 'application/json' })).toBe(false);
    expect(refused({ contentType: undefined, method: 'DELETE' })).toBe(false);
  });
});

describe('crossSiteRefused for writes with Basic credentials', () => {
  const basic = (facts: Partial<CrossSiteFacts>) =>
    refused({ cookie: false, basic: true, ...facts });

  it('refuses another origin, or another site by Sec-Fetch-Site, as a browser replays Basic', () => {
    expect(basic({ origin: 'https://evil.example' })).toBe(true);
    expect(basic({ secFetchSite: 'cross-site' })).toBe(true);
    expect(basic({ origin: 'http://fleet.example' })).toBe(false);
  });

  it('lets scripts post forms: without Origin or Sec-Fetch-Site any body passes', () => {
    expect(basic({ contentType: 'application/x-www-form-urlencoded' })).toBe(false);
    expect(basic({ contentType: 'text/plain' })).toBe(false);
  });

  it('lets safe methods and bearer tokens through', () => {
    expect(basic({ method: 'GET', origin: 'https://evil.example' })).toBe(false);
    expect(basic({ bearer: true, origin: 'https://evil.example' })).toBe(false);
  });
});
