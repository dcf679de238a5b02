import { describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { apiFixtureForFile } from '../../support/entityApi';

const f = apiFixtureForFile();

describe('OpenID sign-in', () => {
  it("answers Traccar's refusal: this server has no OpenID provider", async () => {
    const server = (await (await f.admin.get('/api/server')).json()) as Record<string, unknown>;
    expect([server.openIdEnabled, server.openIdForce]).toEqual([false, false]);
    const start = await f.admin.get('/api/session/openid/auth');
    expect([start.status, await start.text()]).toEqual([
      400,
      'OpenID not enabled - UnsupportedOperationException',
    ]);
    const anonymous = new Client(f.server.url);
    expect((await anonymous.get('/api/session/openid/auth')).status).toBe(401);
    const callback = await anonymous.get('/api/session/openid/callback?code=abc&state=x');
    expect([callback.status, await callback.text()]).toEqual([
      400,
      'OpenID not enabled - UnsupportedOperationException',
    ]);
  });
});
