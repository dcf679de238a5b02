import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { admin } from './session';

/** Merges `attributes` (and top-level fields) into the server settings; admin session needed. */
export async function patchServer(
  request: APIRequestContext,
  attributes: Record<string, unknown>,
  fields: Record<string, unknown> = {},
) {
  const server = await (await request.get('/api/server')).json();
  const merged = { ...server.attributes, ...attributes };
  for (const [key, value] of Object.entries(attributes)) if (value === null) delete merged[key];
  const saved = await request.put('/api/server', {
    data: { ...server, ...fields, attributes: merged },
  });
  expect(saved.status()).toBe(200);
}

/**
 * Sends the server's mail through a test receiver (`startSmtp` in tests/support/smtp.ts), as the
 * e-mail integration an administrator saves; admin session needed. `mailOff` undoes it.
 */
export async function mailThrough(request: APIRequestContext, smtpUrl: string) {
  const url = new URL(smtpUrl);
  const saved = await request.post('/tarkan/integrations/email', {
    data: {
      enabled: true,
      host: url.hostname,
      port: Number(url.port),
      secure: false,
      user: decodeURIComponent(url.username),
      password: decodeURIComponent(url.password),
      senderEmail: 'frota@e2e.test',
      senderName: 'Frota',
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** Turns the e-mail integration off again; admin session needed. */
export async function mailOff(request: APIRequestContext) {
  await request.post('/tarkan/integrations/email', { data: { enabled: false } });
}

/** The react-admin save button of the current form. */
export const saveButton = (page: Page) => page.locator('button[type="submit"]');

/** Picks an option of a MUI select opened from its labelled combobox. */
export async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

export async function findByName<T>(
  request: APIRequestContext,
  path: string,
  name: string,
): Promise<T> {
  type Named = { name?: string; description?: string };
  const rows = (await (await request.get(path)).json()) as (T & Named)[];
  const found = rows.find((row) => row.name === name || row.description === name);
  expect(found, `${name} in ${path}`).toBeTruthy();
  return found as T;
}

/**
 * Saves the default brand (Frota, no logo) with `whatsapp` as its WhatsApp number, '' for none;
 * signs `request` in as the administrator first.
 */
export async function saveBrand(request: APIRequestContext, whatsapp = '') {
  const login = await request.post('/api/session', { form: admin });
  expect(login.status()).toBe(200);
  const saved = await request.put('/tarkan/theme', {
    data: { config: { title: 'Frota', whatsapp, headLogo: { image: false, text: '' } } },
  });
  expect(saved.status()).toBe(200);
}

/**
 * The row of a management list named `name`, searched for: other specs leave more records than
 * a page holds, so a new one is not always on the first page.
 */
export async function searchedRow(page: Page, name: string) {
  await page.getByPlaceholder('Buscar').fill(name);
  return page.getByRole('row').filter({ hasText: name });
}
