import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { signInAdmin } from '../../support/entityApi';
import { startServer, type TestServer } from '../../support/server';

describe('plus licence headers of /api/server', () => {
  let plus: TestServer;
  let basic: TestServer;

  beforeAll(async () => {
    [plus, basic] = await Promise.all([
      startServer({ env: { LICENSE_MODE: 'plus' } }),
      startServer(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([plus?.stop(), basic?.stop()]);
  });

  it('sends licensemode only when the server is configured with one', async () => {
    const withLicence = await new Client(plus.url).request('/api/server');
    expect(withLicence.headers.get('licensemode')).toBe('plus');
    const without = await new Client(basic.url).request('/api/server');
    expect(without.status).toBe(200);
    expect(without.headers.get('licensemode')).toBeNull();
  });

  it('sends devicelimit as the devices the server limit still allows', async () => {
    const admin = await signInAdmin(plus);
    expect((await admin.request('/api/server')).headers.get('devicelimit')).toBeNull();

    const server = (await (await admin.request('/api/server')).json()) as Record<string, unknown>;
    const saved = await admin.json(
      '/api/server',
      { ...server, attributes: { 'tarkan.deviceLimit': 3 } },
      'PUT',
    );
    expect(saved.headers.get('devicelimit')).toBe('3');
    const created = await admin.json('/api/devices', { name: 'Van 1', uniqueId: 'lic-1' });
    expect(created.status).toBe(200);
    expect((await admin.request('/api/server')).headers.get('devicelimit')).toBe('2');
  });
});
