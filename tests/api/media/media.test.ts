import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { create, link, makeUser, apiFixtureForFile, makeUserSeeing } from '../../support/entityApi';
import { Client } from '../../support/http';
import { TEST_ADMIN } from '../../support/server';

/** The smallest real files of each type (headers are what the server checks). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUo' +
    'KSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgo' +
    'KCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QA' +
    'FAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKpAB//Z',
  'base64',
);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const WEBP = Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAUAmJaQAA3AA/vz0AAA=', 'base64');

/** `image` with the width and height its header declares changed (the pixels stay as they are). */
function declaring(image: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(image);
  if (copy.subarray(1, 4).toString() === 'PNG') {
    copy.writeUInt32BE(width, 16);
    copy.writeUInt32BE(height, 20);
  } else {
    // JPEG: the start-of-frame segment (FF C0) holds height, then width.
    const sof = copy.indexOf(Buffer.from([0xff, 0xc0]));
    copy.writeUInt16BE(height, sof + 5);
    copy.writeUInt16BE(width, sof + 7);
  }
  return copy;
}
const WEB_INDEX = '<!doctype html><title>Frota test shell</title>';

let webDir: string;
beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'frota-media-web-'));
  await writeFile(path.join(webDir, 'index.html'), WEB_INDEX);
  await writeFile(path.join(webDir, 'logo.svg'), '<svg>stock</svg>');
});
// Hooks registered later run their afterAll first: the server stops before its folder goes.
afterAll(() => rm(webDir, { recursive: true, force: true }));
const f = apiFixtureForFile(() => ({ WEB_DIR: webDir }));

let sequence = 0;
const uid = (prefix = 'media') => `${prefix}-${Date.now().toString(36)}-${(sequence += 1)}`;

const mediaDir = (uniqueId: string) => path.join(f.server.dataDir, 'media', uniqueId);
const overrideDir = () => path.join(f.server.dataDir, 'override');

async function filesIn(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [] as string[])).sort();
}

function upload(client: Client, deviceId: number, bytes: Uint8Array, type?: string) {
  return client.request(`/api/devices/${deviceId}/image`, {
    method: 'POST',
    headers: type ? { 'content-type': type } : {},
    body: bytes,
  });
}

async function deviceOf(client: Client, uniqueId = uid()) {
  return create<{ uniqueId: string }>(client, '/api/devices', { name: uniqueId, uniqueId });
}

/** A user with one device linked by the administrator (a readonly user cannot create one). */
async function userWithDevice(fields: Record<string, unknown>) {
  const user = await makeUser(f, fields);
  const device = await deviceOf(f.admin);
  await link(f.admin, { userId: user.id, deviceId: device.id });
  return { ...user, device };
}

/** Sends a raw request line, so `..` segments reach the server as written. */
function rawRequest(method: string, target: string, headers: Record<string, string> = {}) {
  const url = new URL(f.server.url);
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => {
      const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(
        `${method} ${target} HTTP/1.1\r\nHost: ${url.host}\r\nConnection: close\r\n` +
          `Content-Length: 3\r\n${lines.join('')}\r\nabc`,
      );
    });
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('end', () => resolve(data));
    socket.on('error', reject);
  });
}

describe('POST /api/devices/{id}/image', () => {
  it('stores the photo as device.<ext> and answers that name, for every accepted type', async () => {
    const { client } = await makeUser(f);
    const device = await deviceOf(client);
    for (const [bytes, type, name] of [
      [PNG, 'image/png', 'device.png'],
      [JPEG, 'image/jpeg', 'device.jpg'],
      [GIF, 'image/gif', 'device.gif'],
      [WEBP, 'image/webp', 'device.webp'],
    ] as const) {
      const res = await upload(client, device.id, bytes, type);
      expect(res.status, type).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      expect(await res.text()).toBe(name);
      // An earlier photo of another extension goes: one photo per device.
      expect(await filesIn(mediaDir(device.uniqueId))).toEqual([name]);
      expect(
        Buffer.compare(await readFile(path.join(mediaDir(device.uniqueId), name)), bytes),
      ).toBe(0);
    }
  });

  it('keeps the photo name once the client saves it as the deviceImage attribute', async () => {
    const { client } = await makeUser(f);
    const device = await deviceOf(client);
    const name = await (await upload(client, device.id, PNG, 'image/png')).text();
    const saved = await client.json(
      `/api/devices/${device.id}`,
      { ...device, attributes: { deviceImage: name } },
      'PUT',
    );
    expect(saved.status).toBe(200);
    const [read] = (await (await client.get(`/api/devices?id=${device.id}`)).json()) as {
      attributes: Record<string, unknown>;
    }[];
    expect(read.attributes.deviceImage).toBe('device.png');
  });

  it('follows Traccar’s edit rules: owner and admin yes, others, readonly and deviceReadonly no', async () => {
    const owner = await makeUser(f);
    const device = await deviceOf(owner.client);
    const other = await makeUser(f);
    const readonly = await userWithDevice({ readonly: true });
    const deviceReadonly = await userWithDevice({ deviceReadonly: true });

    expect((await upload(f.admin, device.id, PNG, 'image/png')).status).toBe(200);
    expect((await upload(owner.client, device.id, PNG, 'image/png')).status).toBe(200);

    const foreign = await upload(other.client, device.id, JPEG, 'image/jpeg');
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toBe('Device access denied - SecurityException');

    const ro = await upload(readonly.client, readonly.device.id, PNG, 'image/png');
    expect(ro.status).toBe(400);
    expect(await ro.text()).toBe('Account is readonly - SecurityException');
    const dr = await upload(deviceReadonly.client, deviceReadonly.device.id, PNG, 'image/png');
    expect(dr.status).toBe(400);
    expect(await dr.text()).toBe('Account is device readonly - SecurityException');

    expect(await filesIn(mediaDir(device.uniqueId))).toEqual(['device.png']);
    expect(await filesIn(mediaDir(readonly.device.uniqueId))).toEqual([]);
    expect(await filesIn(mediaDir(deviceReadonly.device.uniqueId))).toEqual([]);

    expect((await upload(new Client(f.server.url), device.id, PNG, 'image/png')).status).toBe(401);
    expect((await upload(f.admin, 999_999, PNG, 'image/png')).status).toBe(404);
  });

  it('refuses SVG, other image types and non-images, writing nothing', async () => {
    const { client } = await makeUser(f);
    const device = await deviceOf(client);
    const svg = await upload(
      client,
      device.id,
      Buffer.from('<svg onload="alert(1)"/>'),
      'image/svg+xml',
    );
    expect(svg.status).toBe(400);
    expect(await svg.text()).toBe('Unsupported image type - IllegalArgumentException');
    expect((await upload(client, device.id, PNG, 'image/bmp')).status).toBe(400);
    const json = await upload(client, device.id, Buffer.from('{}'), 'application/json');
    expect(json.status).toBe(415);
    expect(await json.text()).toMatch(/ - WebApplicationException$/);
    expect((await upload(client, device.id, PNG)).status).toBe(415);
    expect(await filesIn(mediaDir(device.uniqueId))).toEqual([]);
  });

  it('refuses bytes that are not the declared image type, keeping the photo already there', async () => {
    const { client } = await makeUser(f);
    const device = await deviceOf(client);
    expect((await upload(client, device.id, PNG, 'image/png')).status).toBe(200);
    for (const [bytes, type] of [
      [Buffer.from('<html><script>alert(1)</script>'), 'image/png'],
      [PNG, 'image/jpeg'],
      [JPEG, 'image/gif'],
      [Buffer.from('RIFF0000WAVEfmt '), 'image/webp'],
      [Buffer.alloc(0), 'image/png'],
    ] as const) {
      const res = await upload(client, device.id, bytes, type);
      expect(res.status, type).toBe(400);
      expect(await res.text()).toBe(
        'Image content does not match its type - IllegalArgumentException',
      );
    }
    expect(await filesIn(mediaDir(device.uniqueId))).toEqual(['device.png']);
    expect(
      Buffer.compare(await readFile(path.join(mediaDir(device.uniqueId), 'device.png')), PNG),
    ).toBe(0);
  });

  it('takes 500,000 bytes at most', async () => {
    const { client } = await makeUser(f);
    const device = await deviceOf(client);
    const fits = Buffer.concat([PNG, Buffer.alloc(500_000 - PNG.length)]);
    expect((await upload(client, device.id, fits, 'image/png')).status).toBe(200);
    const large = Buffer.concat([JPEG, Buffer.alloc(500_001 - JPEG.length)]);
    const res = await upload(client, device.id, large, 'image/jpeg');
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Image size limit exceeded - IllegalArgumentException');
    expect(await filesIn(mediaDir(device.uniqueId))).toEqual(['device.png']);
  });

  it('refuses a picture declaring more pixels than a browser should decode, reading the header', async () => {
    const { client } = await makeUser(f);
    const device = await deviceOf(client);
    expect((await upload(client, device.id, PNG, 'image/png')).status).toBe(200);
    for (const [bytes, type] of [
      [declaring(PNG, 16_000, 16_000), 'image/png'],
      [declaring(JPEG, 16_000, 16_000), 'image/jpeg'],
      [declaring(PNG, 20_000, 10), 'image/png'],
    ] as const) {
      const res = await upload(client, device.id, bytes, type);
      expect([res.status, await res.text()], type).toEqual([
        400,
        'Image dimensions limit exceeded - IllegalArgumentException',
      ]);
    }
    // A phone's photo size is taken.
    expect(
      (await upload(client, device.id, declaring(JPEG, 4032, 3024), 'image/jpeg')).status,
    ).toBe(200);
    expect(await filesIn(mediaDir(device.uniqueId))).toEqual(['device.jpg']);
  });

  it('never lets a uniqueId leave the media folder', async () => {
    for (const uniqueId of ['../escape', '..', '.hidden', 'a/b', 'a\\b']) {
      const device = await deviceOf(f.admin, uniqueId);
      const res = await upload(f.admin, device.id, PNG, 'image/png');
      expect(res.status, uniqueId).toBe(400);
      expect(await res.text()).toBe('Invalid media path - IllegalArgumentException');
    }
    expect(await filesIn(path.join(f.server.dataDir))).not.toContain('escape');
    expect(await filesIn(path.join(f.server.dataDir, 'media'))).not.toContain('a');
  });
});

describe('GET /api/media/{uniqueId}/{file}', () => {
  it('serves the photo to signed-in users who reach the device, with a safe type', async () => {
    const owner = await makeUser(f);
    const device = await deviceOf(owner.client);
    await upload(owner.client, device.id, PNG, 'image/png');
    const reader = await makeUserSeeing(f, device.id);
    const readonly = await makeUserSeeing(f, device.id, { readonly: true });
    for (const who of [owner.client, f.admin, reader.client, readonly.client]) {
      const res = await who.get(`/api/media/${device.uniqueId}/device.png`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.compare(Buffer.from(await res.arrayBuffer()), PNG)).toBe(0);
    }
    const again = await owner.client.request(`/api/media/${device.uniqueId}/device.png`, {
      headers: {
        'if-none-match': (
          await owner.client.get(`/api/media/${device.uniqueId}/device.png`)
        ).headers.get('etag')!,
      },
    });
    expect(again.status).toBe(304);
  });

  it('refuses users who do not reach the device, and unknown devices alike', async () => {
    const owner = await makeUser(f);
    const device = await deviceOf(owner.client);
    await upload(owner.client, device.id, PNG, 'image/png');
    const other = await makeUser(f);
    const refused = await other.client.get(`/api/media/${device.uniqueId}/device.png`);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toBe('Device access denied - SecurityException');
    const unknown = await other.client.get(`/api/media/no-such-device/device.png`);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toBe('Device access denied - SecurityException');
  });

  it('needs a cookie session, as Traccar’s media filter', async () => {
    const owner = await makeUser(f);
    const device = await deviceOf(owner.client);
    await upload(owner.client, device.id, PNG, 'image/png');
    const path_ = `/api/media/${device.uniqueId}/device.png`;
    expect((await new Client(f.server.url).get(path_)).status).toBe(401);
    const basic = Buffer.from(`${TEST_ADMIN.email}:${TEST_ADMIN.password}`).toString('base64');
    const withBasic = await fetch(f.server.url + path_, {
      headers: { authorization: `Basic ${basic}` },
    });
    expect(withBasic.status).toBe(401);
  });

  it('answers 404 for a missing file and never leaves the device folder', async () => {
    const owner = await makeUser(f);
    const device = await deviceOf(owner.client);
    await upload(owner.client, device.id, PNG, 'image/png');
    const missing = await owner.client.get(`/api/media/${device.uniqueId}/device.jpg`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe('Not found - WebApplicationException');
    // A file beside the device folders, and one in another device's folder.
    await writeFile(path.join(f.server.dataDir, 'media', 'secret.txt'), 'secret');
    for (const file of [
      '..%2Fsecret.txt',
      '..%2F..%2Ffrota.db',
      '%2E%2E',
      '.',
      '..%5Csecret.txt',
    ]) {
      const res = await owner.client.get(`/api/media/${device.uniqueId}/${file}`);
      expect(res.status, file).toBe(404);
    }
    const raw = await rawRequest('GET', `/api/media/${device.uniqueId}/../secret.txt`, {
      cookie: owner.client.cookieHeader(),
    });
    expect(raw).not.toContain('secret\r\n');
    expect(raw).not.toMatch(/^HTTP\/1\.1 200/);
  });

  it('sends files of unknown types as downloads, never rendered', async () => {
    const device = await deviceOf(f.admin);
    await mkdir(mediaDir(device.uniqueId), { recursive: true });
    await writeFile(path.join(mediaDir(device.uniqueId), 'note.html'), '<script>alert(1)</script>');
    const res = await f.admin.get(`/api/media/${device.uniqueId}/note.html`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toBe('attachment');
  });
});

describe('POST /api/server/file/{path}', () => {
  const post = (client: Client, name: string, body: string, type = 'image/svg+xml') =>
    client.request(`/api/server/file/${name}`, {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });

  it('lets an administrator replace a web app file, served ahead of the app’s own', async () => {
    expect(await (await fetch(`${f.server.url}/logo.svg`)).text()).toBe('<svg>stock</svg>');
    const res = await post(f.admin, 'logo.svg', '<svg>custom</svg>');
    expect(res.status).toBe(200);
    // An empty body, as Traccar answers it (not a JSON `null`).
    expect(await res.text()).toBe('');
    expect(await readFile(path.join(overrideDir(), 'logo.svg'), 'utf8')).toBe('<svg>custom</svg>');
    const served = await fetch(`${f.server.url}/logo.svg`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(await served.text()).toBe('<svg>custom</svg>');

    // A JSON file is stored as sent, not parsed; a new file appears at its own path.
    expect((await post(f.admin, 'extra.json', '{"a": 1}', 'application/json')).status).toBe(200);
    expect(await (await fetch(`${f.server.url}/extra.json`)).text()).toBe('{"a": 1}');
    // The page itself and the APIs are never replaced.
    await post(f.admin, 'api', 'x', 'text/plain');
    expect(await (await fetch(`${f.server.url}/`)).text()).toContain('Frota test shell');
    expect((await fetch(`${f.server.url}/api/health`)).status).toBe(200);
  });

  it('is for administrators only', async () => {
    const { client } = await makeUser(f);
    const manager = await makeUser(f, { userLimit: 5 });
    for (const who of [client, manager.client]) {
      const res = await post(who, 'user.svg', '<svg/>');
      expect(res.status).toBe(400);
      expect(await res.text()).toBe('Administrator access required - SecurityException');
    }
    expect((await post(new Client(f.server.url), 'anon.svg', '<svg/>')).status).toBe(401);
    expect(await filesIn(overrideDir())).not.toContain('user.svg');
    expect(await filesIn(overrideDir())).not.toContain('anon.svg');
  });

  it('refuses paths leaving the override folder with 400, writing nothing', async () => {
    for (const name of [
      '..%2Fescape.txt',
      '..%2F..%2Fescape.txt',
      '.hidden',
      'a%2F..%2F..%2Fescape.txt',
      '%2Fetc%2Fpasswd',
    ]) {
      const res = await post(f.admin, name, 'x', 'text/plain');
      expect(res.status, name).toBe(400);
      expect(await res.text()).toBe('Invalid file path - WebApplicationException');
    }
    const raw = await rawRequest('POST', '/api/server/file/../escape.txt', {
      cookie: f.admin.cookieHeader(),
      origin: new URL(f.server.url).origin,
      'content-type': 'text/plain',
    });
    expect(raw).not.toMatch(/^HTTP\/1\.1 200/);
    expect(await filesIn(f.server.dataDir)).not.toContain('escape.txt');
    expect(await filesIn(overrideDir())).not.toContain('.hidden');
  });

  it('has a size limit of 5 MiB', async () => {
    const fits = await post(
      f.admin,
      'fits.bin',
      'x'.repeat(5 * 1024 * 1024),
      'application/octet-stream',
    );
    expect(fits.status).toBe(200);
    const res = await post(
      f.admin,
      'big.bin',
      'x'.repeat(5 * 1024 * 1024 + 1),
      'application/octet-stream',
    );
    expect(res.status).toBe(413);
    expect(await filesIn(overrideDir())).not.toContain('big.bin');
  });
});

describe('GET /api/server/geocode', () => {
  it('answers as Traccar without a geocoder, to signed-in users', async () => {
    const { client } = await makeUser(f);
    const res = await client.get('/api/server/geocode?latitude=-23.55&longitude=-46.63');
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Reverse geocoding is not enabled - RuntimeException');
    const server = (await (await client.get('/api/server')).json()) as { geocoderEnabled: boolean };
    expect(server.geocoderEnabled).toBe(false);
    const anonymous = await new Client(f.server.url).get(
      '/api/server/geocode?latitude=1&longitude=2',
    );
    expect(anonymous.status).toBe(401);
  });
});
