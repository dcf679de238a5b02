/**
 * Reports mailed instead of answered (`/mail`, or `mail=true` with the spreadsheet Accept header),
 * refused before answering when they cannot be, and the device list export, to a local SMTP
 * receiver.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { Client } from '../../support/http';
import { startServer } from '../../support/server';
import { makeUser, signInAdmin } from '../../support/entityApi';
import {
  XLSX,
  range,
  getJson,
  refused,
  attachment,
  subject,
  header,
  reportWorldForFile,
} from './reportWorld';

const w = reportWorldForFile();
const f = w.f;

describe('mailed reports', () => {
  it('answers 204 at once and mails the spreadsheet to the caller (/mail and mail=true)', async () => {
    const before = w.smtp.mails.length;
    const res = await w.alice.client.request(
      `/api/reports/events/mail?deviceId=${w.van.id}&${range}`,
    );
    expect(res.status).toBe(204);
    const mail = await w.smtp.waitForMail(w.alice.email);
    expect(subject(mail)).toBe('Relatório');
    expect(mail.raw).toContain('eventos_2025-03-10_2025-03-10.xlsx');
    const sheet = await attachment(mail);
    expect(sheet.name).toBe('Eventos');
    expect(sheet.rowCount).toBe(8);

    const viaHeader = await w.alice.client.request(
      `/api/reports/summary?deviceId=${w.van.id}&${range}&mail=true`,
      { headers: { accept: XLSX } },
    );
    expect(viaHeader.status).toBe(204);
    await expect
      .poll(() => w.smtp.mails.filter((m) => m.to.includes(w.alice.email)).length)
      .toBe(2);
    expect(w.smtp.mails.length).toBe(before + 2);
    // With a JSON Accept header, `mail` changes nothing.
    expect(
      await getJson(w.alice.client, `/api/reports/summary?deviceId=${w.van.id}&${range}&mail=true`),
    ).toHaveLength(1);
  });

  it('refuses before answering: another user’s device, bad dates, disabled reports', async () => {
    const before = w.smtp.mails.length;
    await refused(
      await w.bob.client.request(`/api/reports/trips/mail?deviceId=${w.van.id}&${range}`),
    );
    await refused(
      await w.alice.client.request(`/api/reports/trips/mail?deviceId=${w.van.id}&from=x&to=y`),
      'IllegalArgumentException',
    );
    const limited = await makeUser(f, { disableReports: true });
    await refused(await limited.client.request('/api/reports/devices/mail'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(w.smtp.mails.length).toBe(before);
  });

  it('refuses before answering when there is no mailer, or no address to mail to', async () => {
    const plain = await startServer();
    try {
      const admin = await signInAdmin(plain);
      const res = await admin.request('/api/reports/devices/mail');
      expect(res.status).toBe(400);
      expect(await res.text()).toBe('Mail is not configured - IllegalArgumentException');
    } finally {
      await plain.stop();
    }

    // A sign-in name that is no address (the first administrator's may be a plain `admin`).
    const created = await f.admin.json('/api/users', {
      name: 'Operador',
      email: `operador-${Date.now()}`,
      password: 'user-pass',
    });
    expect(created.status).toBe(200);
    const { email } = (await created.json()) as { email: string };
    const operator = new Client(f.server.url);
    await operator.login(email, 'user-pass');
    const before = w.smtp.mails.length;
    const res = await operator.request('/api/reports/devices/mail');
    expect(res.status).toBe(400);
    expect(await res.text()).toBe('Account has no email address - IllegalArgumentException');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(w.smtp.mails.length).toBe(before);
  });

  it('exports and mails the device list of what the caller sees', async () => {
    const res = await w.alice.client.request('/api/reports/devices/xlsx');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(XLSX);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await res.arrayBuffer());
    const sheet = book.worksheets[0];
    expect(sheet.name).toBe('Dispositivos');
    expect(header(sheet).slice(0, 3)).toEqual(['Nome', 'Identificador', 'Grupo']);
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(2).value).toBe('report-van');

    const admin = await f.admin.request('/api/reports/devices/xlsx');
    const all = new ExcelJS.Workbook();
    await all.xlsx.load(await admin.arrayBuffer());
    expect(all.worksheets[0].rowCount).toBe(3);

    const mailed = await w.bob.client.request('/api/reports/devices/mail');
    expect(mailed.status).toBe(204);
    const mail = await w.smtp.waitForMail(w.bob.email);
    expect((await attachment(mail)).rowCount).toBe(1);
  });
});
