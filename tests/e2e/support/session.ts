import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

export const admin = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password',
};

/** Signs the page's context in as the administrator through the API (cookie shared). */
export async function signInAdmin(page: Page) {
  await signInAs(page, admin);
}

/** Signs the page's context in as `user` through the API (the cookie is shared with the page). */
export async function signInAs(page: Page, user: { email: string; password: string }) {
  const response = await page.request.post('/api/session', { form: user });
  expect(response.ok()).toBe(true);
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

let users = 0;

/**
 * A new user with an address no other test uses (`<prefix>-…@frota.test`) and the given fields
 * (name, rights, attributes…), made through `request`, which holds an administrator's session.
 */
export async function createUser(
  request: APIRequestContext,
  prefix: string,
  fields: Record<string, unknown> & { name: string; password: string },
): Promise<TestUser> {
  users += 1;
  const email = `${prefix}-${Date.now()}-${users}@frota.test`;
  const created = await request.post('/api/users', { data: { email, ...fields } });
  expect(created.ok(), await created.text()).toBe(true);
  const { id } = (await created.json()) as { id: number };
  return { id, email, password: fields.password };
}

/**
 * A new customer (no device, no rights beyond their own, plus `fields`), made by the
 * administrator through `request` and signed in on the page's context.
 */
export async function signInNewCustomer(
  page: Page,
  request: APIRequestContext,
  fields: Record<string, unknown> = {},
): Promise<TestUser> {
  expect((await request.post('/api/session', { form: admin })).ok()).toBe(true);
  const customer = await createUser(request, 'cliente', {
    name: 'E2E Cliente',
    password: 'cliente-pass',
    ...fields,
  });
  await signInAs(page, customer);
  return customer;
}

/** Fills the sign-in form; the caller asserts where it lands. */
export async function signIn(
  page: Page,
  { email, password, remember = false }: { email: string; password: string; remember?: boolean },
) {
  await page.locator('#username').fill(email);
  await page.locator('#password').fill(password);
  if (remember) await page.locator('#remember').check();
  await page.locator('button[type="submit"]').click();
}

/** The map of /home and the user menu (named '<user> – Perfil' in pt-BR) show only when signed in. */
export async function expectSignedIn(page: Page) {
  await expect(page.getByTestId('home-map').locator('.leaflet-container')).toBeVisible();
  await expect(userMenu(page)).toBeVisible();
}

export const userMenu = (page: Page) => page.getByRole('button', { name: 'Perfil' });

/**
 * Types into a date or date-time field (`field`: its group or its test id's element) from its
 * first part on, the digits in the order the field shows them (day first in Portuguese).
 */
export async function typeDate(field: Locator, digits: string) {
  const sections = field.getByRole('spinbutton');
  // A keystroke that lands before the field has taken the focus is lost, and the form then
  // sends its default date: type again until the field shows every digit.
  await expect(async () => {
    await sections.first().click();
    await field.page().keyboard.type(digits);
    const shown = (await sections.allTextContents()).join('').replace(/\D/g, '');
    expect(shown).toBe(digits);
  }).toPass({ timeout: 10_000 });
}
