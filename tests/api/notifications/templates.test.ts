import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { signInAdmin } from '../../support/entityApi';
import { startServer, type TestServer } from '../../support/server';
import { mailParts, mailSubject, mailText, startSmtp, type TestSmtp } from '../../support/smtp';

interface Template {
  type: string;
  language: string;
  subject: string;
  body: string;
  custom: boolean;
}

const CARLA = { email: 'carla@frota.test', password: 'carla-pass-1' };
const DEPOT = { latitude: -23.55, longitude: -46.63 };
const PATH = '/tarkan/notification-templates';

const answer = async (response: Response) => [response.status, await response.text()];

describe('notification templates', () => {
  let smtp: TestSmtp;
  let server: TestServer;
  let admin: Client;
  let carla: Client;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startServer({
      env: { SMTP_URL: smtp.url, LICENSE_MODE: 'plus', PUBLIC_URL: 'https://fleet.example' },
      startTimeoutMs: 120_000,
    });
    admin = await signInAdmin(server);
    const made = await admin.json('/api/users', {
      name: 'Carla',
      ...CARLA,
      attributes: { language: 'es-ES', timezone: 'Europe/Madrid' },
    });
    expect(made.status).toBe(200);
    carla = new Client(server.url);
    await carla.login(CARLA.email, CARLA.password);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([server?.stop(), smtp?.close()]);
  });

  it('is for administrators only', async () => {
    expect(await answer(await carla.get(PATH))).toEqual([
      400,
      'Administrator access required - SecurityException',
    ]);
    const put = await carla.json(`${PATH}/alarm/es-ES`, { subject: 'x', body: 'y' }, 'PUT');
    expect(put.status).toBe(400);
    const preview = await carla.json(`${PATH}/preview`, {
      type: 'alarm',
      language: 'es-ES',
      subject: 'x',
      body: 'y',
    });
    expect(preview.status).toBe(400);
    expect((await new Client(server.url).get(PATH)).status).toBe(401);
  });

  it('lists every event type in every language, the defaults until edited', async () => {
    const all = (await (await admin.get(PATH)).json()) as Template[];
    expect(all).toHaveLength(24 * 3);
    expect(all.every((template) => !template.custom)).toBe(true);
    expect(all.find((t) => t.type === 'geofenceEnter' && t.language === 'pt-BR')).toEqual({
      type: 'geofenceEnter',
      language: 'pt-BR',
      subject: '{device} entrou em {geofence}',
      body: '{device} entrou em {geofence} em {time}.',
      custom: false,
    });
    const spanish = (await (await admin.get(`${PATH}?language=es-ES`)).json()) as Template[];
    expect(spanish).toHaveLength(24);
    expect(new Set(spanish.map((template) => template.language))).toEqual(new Set(['es-ES']));
    expect(await answer(await admin.get(`${PATH}?language=fr-FR`))).toEqual([
      400,
      'Unknown language fr-FR - IllegalArgumentException',
    ]);
  });

  it('refuses unknown placeholders, types and languages and keeps the stored text', async () => {
    const put = (path: string, subject: string, body: string) =>
      admin.json(`${PATH}/${path}`, { subject, body }, 'PUT');
    expect(await answer(await put('alarm/pt-BR', '{vehicle}: {alarm}', '{time}'))).toEqual([
      400,
      'Unknown placeholder {vehicle} in template subject - IllegalArgumentException',
    ]);
    expect(await answer(await put('alarm/pt-BR', '{device}', 'At {time'))).toEqual([
      400,
      'Unmatched brace in template body - IllegalArgumentException',
    ]);
    expect(await answer(await put('teleport/pt-BR', '{device}', '{time}'))).toEqual([
      400,
      'Unknown event type teleport - IllegalArgumentException',
    ]);
    expect(await answer(await put('alarm/fr-FR', '{device}', '{time}'))).toEqual([
      400,
      'Unknown language fr-FR - IllegalArgumentException',
    ]);
    const missing = await admin.json(`${PATH}/alarm/pt-BR`, { subject: '{device}' }, 'PUT');
    expect(missing.status).toBe(400);
    const stored = (await (await admin.get(`${PATH}/alarm/pt-BR`)).json()) as Template;
    expect(stored).toMatchObject({ subject: '{device}: {alarm}', custom: false });
  });

  it('saves an edited template, and a reset brings the default back', async () => {
    const saved = await admin.json(
      `${PATH}/deviceStopped/en-US`,
      { subject: ' {device} parked ', body: '{device} parked at {time}.' },
      'PUT',
    );
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({
      type: 'deviceStopped',
      language: 'en-US',
      subject: '{device} parked',
      body: '{device} parked at {time}.',
      custom: true,
    });
    expect(await (await admin.get(`${PATH}/deviceStopped/en-US`)).json()).toMatchObject({
      subject: '{device} parked',
      custom: true,
    });
    // The other languages keep their own text.
    expect(await (await admin.get(`${PATH}/deviceStopped/pt-BR`)).json()).toMatchObject({
      subject: '{device} parou',
      custom: false,
    });
    const reset = await admin.request(`${PATH}/deviceStopped/en-US`, { method: 'DELETE' });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({
      type: 'deviceStopped',
      language: 'en-US',
      subject: '{device} has stopped',
      body: '{device} has stopped at {time}.',
      custom: false,
    });
    expect(await (await admin.get(`${PATH}/deviceStopped/en-US`)).json()).toMatchObject({
      custom: false,
    });
  });

  it('previews a template on a sample event in the language edited, saving nothing', async () => {
    const preview = async (language: string, subject: string, body: string) =>
      admin.json(`${PATH}/preview`, { type: 'geofenceEnter', language, subject, body });
    const pt = await preview('pt-BR', '{device} entrou em {geofence}', '{event} <{brand}>');
    expect(pt.status).toBe(200);
    const shown = (await pt.json()) as Record<string, string>;
    expect(shown.subject).toBe('Caminhão 1 entrou em Depósito');
    expect(shown.short).toBe('Caminhão 1 entrou em Depósito');
    expect(shown.text).toContain('Entrou na cerca virtual <Frota>');
    expect(shown.html).toContain('Entrou na cerca virtual &lt;Frota&gt;');
    expect(shown.html).toContain('href="https://fleet.example/devices/1"');
    const es = (await (await preview('es-ES', '{device}: {speed}', '{time}')).json()) as Record<
      string,
      string
    >;
    expect(es.subject).toBe('Camión 1: 100 km/h');
    expect(await answer(await preview('en-US', '{device}', '{plate}'))).toEqual([
      400,
      'Unknown placeholder {plate} in template body - IllegalArgumentException',
    ]);
    const all = (await (await admin.get(PATH)).json()) as Template[];
    expect(all.some((template) => template.custom)).toBe(false);
  });

  it('mails an event in the recipient language, from the edited template, with the brand', async () => {
    const theme = await admin.json(
      '/tarkan/theme',
      {
        config: { title: 'Mi Flota', whatsapp: '', headLogo: { image: true, text: '' } },
        colors: { '--el-color-primary': '#224466' },
      },
      'PUT',
    );
    expect(theme.status).toBe(200);
    const logo = await sharp({
      create: { width: 40, height: 20, channels: 4, background: '#00ff00' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(logo)], { type: 'image/png' }), 'logo.png');
    const uploaded = await admin.request('/tarkan/theme/upload?type=logo-interno', {
      method: 'POST',
      body: form,
    });
    expect(uploaded.status).toBe(200);
    expect(
      (
        await admin.json(
          `${PATH}/geofenceEnter/es-ES`,
          { subject: '{device} llegó a {geofence}', body: '{brand}: {device} llegó a las {time}.' },
          'PUT',
        )
      ).status,
    ).toBe(200);

    const ids = async (response: Promise<Response>) =>
      ((await (await response).json()) as { id: number }).id;
    const carlaId = ((await (await carla.get('/api/session')).json()) as { id: number }).id;
    const deviceId = await ids(
      admin.json('/api/devices', { name: 'Camión <7>', uniqueId: 'tpl-1' }),
    );
    const geofenceId = await ids(
      admin.json('/api/geofences', {
        name: 'Almacén & Co',
        area: `CIRCLE (${DEPOT.latitude} ${DEPOT.longitude}, 300)`,
      }),
    );
    const notificationId = await ids(
      admin.json('/api/notifications', {
        type: 'geofenceEnter',
        notificators: 'mail',
        always: true,
        attributes: {},
      }),
    );
    for (const link of [
      { userId: carlaId, deviceId },
      { deviceId, geofenceId },
      { userId: carlaId, notificationId },
    ]) {
      expect((await admin.json('/api/permissions', link)).status).toBe(204);
    }

    const now = Math.floor(Date.now() / 1000);
    const fix = (latitude: number, seconds: number) =>
      fetch(
        `http://127.0.0.1:${server.osmandPort}/?id=tpl-1&lat=${latitude}&lon=${DEPOT.longitude}&timestamp=${seconds}`,
      );
    expect((await fix(DEPOT.latitude + 0.05, now - 20)).status).toBe(200);
    expect((await fix(DEPOT.latitude, now - 10)).status).toBe(200);

    const mail = await smtp.waitForMail(CARLA.email, 15_000);
    expect(mailSubject(mail)).toBe('Camión <7> llegó a Almacén & Co');
    const text = mailText(mail, 'text/plain')!;
    expect(text).toMatch(
      /^Mi Flota: Camión <7> llegó a las \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2}\./,
    );
    expect(text).toContain('Evento: Entró en la geocerca');
    expect(text).toContain(`Abrir en el mapa: https://fleet.example/devices/${deviceId}`);
    const html = mailText(mail, 'text/html')!;
    expect(html).toContain('<html lang="es-ES">');
    expect(html).toContain('Mi Flota');
    expect(html).toContain('background:#224466');
    expect(html).toContain('Camión &lt;7&gt; llegó a Almacén &amp; Co');
    expect(html).not.toContain('Camión <7>');
    expect(html).toContain(`href="https://fleet.example/devices/${deviceId}"`);
    expect(html).toContain('src="cid:brand-logo"');
    const image = mailParts(mail).find((part) => part.contentId === 'brand-logo');
    expect(image?.contentType).toBe('image/png');
    expect(image?.content.subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('records edits and resets in the audit log, and no previews', async () => {
    const rows = (await (await admin.get('/tarkan/server/logs?limit=100')).json()) as {
      log: { code: string; status: number };
    }[];
    const codes = rows.map((row) => row.log.code);
    expect(codes).toContain('notification-template.update');
    expect(codes).toContain('notification-template.delete');
    expect(codes.some((code) => code.includes('preview'))).toBe(false);
    // The refused edits are there too, with their 400.
    expect(
      rows.some((row) => row.log.code === 'notification-template.update' && row.log.status === 400),
    ).toBe(true);
  });
});
