import { describe, expect, it } from 'vitest';
import { auditCode, auditObject, redact } from '../../../../server/audit/naming';

describe('audit redaction', () => {
  it('removes passwords, hashes, TOTP keys, tokens and driver passwords at any depth', () => {
    const value = {
      name: 'A',
      password: 'p',
      hashedPassword: 'h',
      totpKey: 't',
      attributes: {
        'tarkan.driverPassword': 'd',
        notificationTokens: 'n',
        apiToken: 'x',
        clientSecret: 's',
        color: '<img src=x onerror=alert(1)>',
      },
      list: [{ password: 'p2', keep: 1 }],
    };
    expect(redact(value)).toEqual({
      name: 'A',
      attributes: { color: '<img src=x onerror=alert(1)>' },
      list: [{ keep: 1 }],
    });
    expect(value.password).toBe('p');
  });

  it('keeps scalars and nulls', () => {
    expect(redact(null)).toBeNull();
    expect(redact('text')).toBe('text');
    expect(redact([1, 'a'])).toEqual([1, 'a']);
  });
});

describe('audit code naming', () => {
  it.each([
    ['PUT', '/api/devices/:id', 200, 'device.update'],
    ['POST', '/api/devices', 200, 'device.create'],
    ['DELETE', '/api/users/:id', 204, 'user.delete'],
    ['PUT', '/api/devices/:id/accumulators', 204, 'device.accumulators'],
    ['POST', '/api/permissions', 204, 'permission.link'],
    ['DELETE', '/api/permissions/bulk', 204, 'permission.unlink'],
    ['POST', '/api/commands/send', 202, 'command.send'],
    ['PUT', '/api/server', 200, 'server.update'],
    ['POST', '/api/session', 200, 'session.login'],
    ['POST', '/api/session', 401, 'session.loginFailed'],
    ['DELETE', '/api/session', 204, 'session.logout'],
    ['POST', '/api/attributes/computed', 200, 'attribute.create'],
    ['PUT', '/api/geofences/:id', 200, 'geofence.update'],
    ['POST', '/tarkan/shares', 200, 'share.create'],
    // The last literal segment names the action, so routes under one prefix stay apart.
    ['POST', '/tarkan/invoices/manager/:userId/lockUser', 200, 'invoice.lockUser'],
    ['POST', '/tarkan/invoices/manager/:invoiceId/delete', 200, 'invoice.delete'],
    ['POST', '/api/session/token', 200, 'session.token'],
    ['POST', '/api/session/token/revoke', 204, 'session.revoke'],
    ['POST', '/api/notifications/test/:notificator', 204, 'notification.test'],
    ['PUT', '/tarkan/notification-templates/:type/:language', 200, 'notification-template.update'],
  ])('%s %s (%d) → %s', (method, url, status, code) => {
    expect(auditCode(method, url, status)).toBe(code);
  });

  it('ignores routes outside /api and /tarkan', () => {
    expect(auditCode('POST', '/other', 200)).toBeNull();
  });
});

describe('audit objects', () => {
  it('reads the route id, permission bodies and command devices', () => {
    expect(auditObject('/api/devices/:id', { id: 5 }, {})).toEqual({
      type: 'device',
      id: 5,
      map: { deviceId: 5 },
    });
    expect(auditObject('/api/permissions', {}, { userId: 2, deviceId: 7 })).toEqual({
      type: 'device',
      id: 7,
      map: { userId: 2, deviceId: 7 },
    });
    expect(
      auditObject('/api/permissions/bulk', {}, [{ userId: 2, managedUserId: 3 }]),
    ).toMatchObject({
      type: 'user',
      id: 3,
    });
    expect(auditObject('/api/commands/send', {}, { deviceId: 9, type: 'custom' })).toMatchObject({
      type: 'device',
      id: 9,
    });
    expect(auditObject('/api/server', {}, {})).toMatchObject({ type: 'server', id: null });
  });
});
