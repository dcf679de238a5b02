import { describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { makeUser, apiFixtureForFile } from '../../support/entityApi';

const f = apiFixtureForFile();

async function device(client: Client, uniqueId: string): Promise<number> {
  const res = await client.json('/api/devices', { name: uniqueId, uniqueId });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

describe('GET /api/stream (live video)', () => {
  it("answers Traccar's empty playlist for a device the caller reaches, and no segment", async () => {
    const { client } = await makeUser(f);
    const id = await device(client, 'stream-own');
    const playlist = await client.get(`/api/stream/${id}/1/live.m3u8`);
    expect(playlist.status).toBe(200);
    expect(playlist.headers.get('content-type')).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(await playlist.text()).toBe(
      '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:5\n#EXT-X-MEDIA-SEQUENCE:0\n',
    );
    expect((await client.get(`/api/stream/${id}/1/0.ts`)).status).toBe(404);
  });

  it("refuses another user's device, bad paths and anonymous callers", async () => {
    const { client } = await makeUser(f);
    const foreign = await device(f.admin, 'stream-foreign');
    const refused = await client.get(`/api/stream/${foreign}/1/live.m3u8`);
    expect([refused.status, await refused.text()]).toEqual([
      400,
      'Device access denied - SecurityException',
    ]);
    expect((await client.get(`/api/stream/${foreign}/1/0.ts`)).status).toBe(400);
    expect((await client.get('/api/stream/x/1/live.m3u8')).status).toBe(400);
    expect((await client.get(`/api/stream/${foreign}/1/../../x.ts`)).status).not.toBe(200);
    const anonymous = new Client(f.server.url);
    expect((await anonymous.get(`/api/stream/${foreign}/1/live.m3u8`)).status).toBe(401);
  });
});
