import { expect, type Locator, type Page } from '@playwright/test';

export const admin = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'e2e-admin-password',
};

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
