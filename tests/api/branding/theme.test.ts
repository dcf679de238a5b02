import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrandConfig } from '../../../model/brand';
import { defaultColors } from '../../../model/theme';
import { Client } from '../../support/http';
import { signInAdmin } from '../../support/entityApi';
import { startServer, type TestServer } from '../../support/server';

const theme = (primary = '#123456') => ({
  config: {
    title: 'Acme Track',
    whatsapp: '+55 (11) 98765-4321',
    headLogo: { image: false, text: 'ACME' },
    logoWidth: 60,
  },
  colors: { '--el-color-primary': primary, '--tk-login-filter': 'rgba(0, 0, 0, 0.5)' },
});

const upload = (client: Client, type: string, bytes: Uint8Array, name: string, mime: string) => {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: mime }), name);
  return client.request(`/tarkan/theme/upload?type=${type}`, { method: 'POST', body: form });
};

const png = (width = 64, height = 32) =>
  sharp({ create: { width, height, channels: 4, background: '#ff0000' } })
    .png()
    .toBuffer();

describe('theme editor API', () => {
  let plus: TestServer;
  let basic: TestServer;
  let admin: Client;
  let user: Client;

  const customFiles = async () => {
    try {
      return (await readdir(path.join(plus.dataDir, 'custom'))).sort();
    } catch {
      return [];
    }
  };

  beforeAll(async () => {
    [plus, basic] = await Promise.all([
      startServer({ env: { LICENSE_MODE: 'plus' } }),
      startServer(),
    ]);
    admin = await signInAdmin(plus);
    const made = await admin.json('/api/users', {
      name: 'Plain',
      email: 'plain@frota.test',
      password: 'plain-pass-1',
    });
    expect(made.status).toBe(200);
    user = new Client(plus.url);
    await user.login('plain@frota.test', 'plain-pass-1');
  });
  afterAll(async () => {
    await Promise.all([plus?.stop(), basic?.stop()]);
  });

  it('publishes defaults before anything is saved', async () => {
    const anonymous = new Client(plus.url);
    const colors = await anonymous.get('/tarkan/assets/custom/theme.json');
    expect(colors.status).toBe(200);
    expect(await colors.json()).toEqual(defaultColors);
    const manifest = await anonymous.get('/tarkan/assets/custom/manifest.json');
    expect(manifest.headers.get('content-type')).toContain('application/manifest+json');
    expect(await manifest.json()).toMatchObject({ name: 'Frota', theme_color: '#00796b' });
  });

  it('refuses anonymous callers, non-administrators and servers without the plus licence', async () => {
    const anonymous = new Client(plus.url);
    expect((await anonymous.json('/tarkan/theme', theme(), 'PUT')).status).toBe(401);
    expect((await user.json('/tarkan/theme', theme(), 'PUT')).status).toBe(400);
    expect(
      (await upload(anonymous, 'logo-interno', await png(), 'a.png', 'image/png')).status,
    ).toBe(401);
    expect((await upload(user, 'logo-interno', await png(), 'a.png', 'image/png')).status).toBe(
      400,
    );

    const basicAdmin = await signInAdmin(basic);
    const refused = await basicAdmin.json('/tarkan/theme', theme(), 'PUT');
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Plus licence required');
    expect((await upload(basicAdmin, 'bg-login', await png(), 'a.png', 'image/png')).status).toBe(
      400,
    );
    expect(await customFiles()).toEqual([]);
  });

  it('refuses invalid colours and text and writes nothing', async () => {
    const bad = [
      { ...theme(), colors: { '--el-color-primary': 'red; background:url(x)' } },
      { ...theme(), colors: { '--el-color-primary': '#12345' } },
      { ...theme(), colors: { '--el-color-primary': 'rgba(300, 0, 0, 1)' } },
      { ...theme(), colors: { '--not-a-key': '#123456' } },
      { ...theme(), config: { ...theme().config, title: 'x'.repeat(61) } },
      { ...theme(), config: { ...theme().config, whatsapp: 'call me' } },
      { ...theme(), config: { ...theme().config, logoWidth: 500 } },
      { colors: {} },
    ];
    for (const body of bad) {
      const res = await admin.json('/tarkan/theme', body, 'PUT');
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await customFiles()).toEqual([]);
  });

  it('saves as administrator and publishes config.json, theme.json and manifest.json', async () => {
    const res = await admin.json('/tarkan/theme', theme('#123456'), 'PUT');
    expect(res.status).toBe(200);
    const anonymous = new Client(plus.url);
    const config = await (await anonymous.get('/tarkan/assets/custom/config.json')).json();
    expect(config).toMatchObject({
      title: 'Acme Track',
      whatsapp: '5511987654321',
      headLogo: { image: false, text: 'ACME' },
      logoWidth: 60,
      push: {},
    });
    const colors = await (await anonymous.get('/tarkan/assets/custom/theme.json')).json();
    expect(colors).toMatchObject({
      '--el-color-primary': '#123456',
      '--tk-login-filter': 'rgba(0, 0, 0, 0.5)',
      '--el-color-success': defaultColors['--el-color-success'],
    });
    const manifest = await (await anonymous.get('/tarkan/assets/custom/manifest.json')).json();
    expect(manifest).toMatchObject({
      name: 'Acme Track',
      short_name: 'Acme Track',
      theme_color: '#123456',
    });
    // Written atomically: no temporary files are left behind.
    expect(await customFiles()).toEqual(['config.json', 'manifest.json', 'theme.json']);
  });

  it('does not switch an image logo on before one was uploaded', async () => {
    const body = theme();
    body.config.headLogo.image = true;
    expect((await admin.json('/tarkan/theme', body, 'PUT')).status).toBe(200);
    const config = (await (
      await admin.get('/tarkan/assets/custom/config.json')
    ).json()) as BrandConfig;
    expect(config.headLogo.image).toBe(false);
  });

  it('accepts a real PNG and re-encodes it to the fixed files', async () => {
    const res = await upload(admin, 'logo-interno', await png(), '../../evil.svg', 'image/svg+xml');
    expect(res.status).toBe(200);
    const served = await admin.get('/tarkan/assets/custom/logo.png');
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 64, height: 32 });
    const config = (await (
      await admin.get('/tarkan/assets/custom/config.json')
    ).json()) as BrandConfig;
    expect(config.headLogo.image).toBe(true);
    expect(config.version).toBeGreaterThan(0);

    const bg = await upload(admin, 'bg-login', await png(), 'bg.png', 'image/png');
    expect(bg.status).toBe(200);
    const bgMeta = await sharp(
      await readFile(path.join(plus.dataDir, 'custom', 'bg.jpg')),
    ).metadata();
    expect(bgMeta).toMatchObject({ format: 'jpeg', width: 1600, height: 900 });

    const icon = await upload(admin, 'fav-icon', await png(600, 600), 'i.png', 'image/png');
    expect(icon.status).toBe(200);
    const files = await customFiles();
    expect(files).toEqual(expect.arrayContaining(['favicon-32.png', 'favicon-192.png']));
    expect(files).not.toContain('evil.svg');
    const manifest = (await (await admin.get('/tarkan/assets/custom/manifest.json')).json()) as {
      icons: unknown[];
    };
    expect(manifest.icons.length).toBeGreaterThan(0);
  });

  it('refuses a text file named PNG, an SVG, an oversized file and an unknown type', async () => {
    const before = await readFile(path.join(plus.dataDir, 'custom', 'logo.png'));
    const text = new TextEncoder().encode('not an image at all');
    expect((await upload(admin, 'logo-interno', text, 'logo.png', 'image/png')).status).toBe(400);
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect((await upload(admin, 'logo-interno', svg, 'logo.svg', 'image/svg+xml')).status).toBe(
      400,
    );
    // A PNG signature followed by garbage: sniffed as PNG, refused when decoding.
    const fake = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    expect((await upload(admin, 'logo-interno', fake, 'logo.png', 'image/png')).status).toBe(400);
    const big = new Uint8Array(3 * 1024 * 1024);
    big.set(await png());
    expect((await upload(admin, 'logo-interno', big, 'big.png', 'image/png')).status).toBe(413);
    expect((await upload(admin, '..%2Fx', await png(), 'a.png', 'image/png')).status).toBe(400);
    expect(await readFile(path.join(plus.dataDir, 'custom', 'logo.png'))).toEqual(before);
  });
});
