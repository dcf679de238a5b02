import {
  loginRedirect,
  returnPathFromSearch,
  safeReturnPath,
} from '../../../../src/authProvider/loginRedirect';

describe('loginRedirect', () => {
  it('sends a protected path to /login with the way back', () => {
    expect(loginRedirect({ pathname: '/devices', search: '?expand=true' })).toBe(
      '/login?to=%2Fdevices%3Fexpand%3Dtrue',
    );
    expect(loginRedirect({ pathname: '/home' })).toBe('/login?to=%2Fhome');
  });

  it('sends the driver routes to /motorista', () => {
    expect(loginRedirect({ pathname: '/qr-driver' })).toBe('/motorista?to=%2Fqr-driver');
    expect(loginRedirect({ pathname: '/qr-driver/scan/12' })).toBe(
      '/motorista?to=%2Fqr-driver%2Fscan%2F12',
    );
  });

  it('does not treat look-alike paths as driver routes', () => {
    expect(loginRedirect({ pathname: '/qr-drivers' })).toBe('/login?to=%2Fqr-drivers');
  });

  it('adds no return path for the root or the login page itself', () => {
    expect(loginRedirect({ pathname: '/' })).toBe('/login');
    expect(loginRedirect({ pathname: '/login' })).toBe('/login');
  });
});

describe('safeReturnPath', () => {
  it('accepts internal paths with query and hash', () => {
    expect(safeReturnPath('/devices/3?expand=true#x')).toBe('/devices/3?expand=true#x');
  });

  it.each([
    '//evil.com',
    '//evil.com/home',
    'https://evil.com',
    'javascript:alert(1)',
    '/\\evil.com',
    '\\\\evil.com',
    ' //evil.com',
    'home',
    '/\tjavascript:alert(1)',
  ])('rejects %j', (to) => {
    expect(safeReturnPath(to)).toBeNull();
  });

  it('rejects going back to the login pages', () => {
    expect(safeReturnPath('/login')).toBeNull();
    expect(safeReturnPath('/motorista')).toBeNull();
  });

  it('falls back to /home when ?to= is missing or unsafe', () => {
    expect(returnPathFromSearch('')).toBe('/home');
    expect(returnPathFromSearch('?to=https%3A%2F%2Fevil.com')).toBe('/home');
    expect(returnPathFromSearch('?to=%2Fdevices%3Fexpand%3Dtrue')).toBe('/devices?expand=true');
  });
});
