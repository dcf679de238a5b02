import { expect, test, type APIRequestContext } from '@playwright/test';
import { admin, expectSignedIn, signIn } from '../support/session';

async function setRegistration(request: APIRequestContext, on: boolean) {
  const login = await request.post('/api/session', { form: admin });
  expect(login.status()).toBe(200);
  const server = await (await request.get('/api/server')).json();
  const saved = await request.put('/api/server', { data: { ...server, registration: on } });
  expect(saved.status()).toBe(200);
  await request.delete('/api/session');
}

test('a visitor registers when the server allows it, then signs in', async ({ page, request }) => {
  // Each run registers its own address: the e2e server outlives one run of this test
  // (`--repeat-each`), and an address registered before is refused.
  const email = `maria.${Date.now().toString(36)}@example.com`;
  await page.goto('/login');
  await expect(page.getByRole('link', { name: 'Criar uma conta' })).toHaveCount(0);

  await setRegistration(request, true);
  try {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Criar uma conta' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await page.locator('#name').fill('Jo');
    await page.locator('#email').fill(email);
    await page.locator('#password').fill('segredo1');
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(page.getByText('Digite um nome e sobrenome')).toBeVisible();

    await page.locator('#name').fill('Maria Souza');
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, { email, password: 'segredo1' });
    await expectSignedIn(page);
    await expect(page.getByText('Maria Souza')).toBeVisible();
  } finally {
    await setRegistration(request, false);
  }
});

test('password recovery asks for the e-mail and answers the same for any address', async ({
  page,
}) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
  await expect(page).toHaveURL(/\/login\/recover$/);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByText('Por favor, preencha o campo de e-mail.')).toBeVisible();
  await page.locator('#email').fill('nobody@example.com');
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(
    page.getByText(
      'Se existir uma conta com este e-mail, um link de recuperação foi enviado para ele.',
    ),
  ).toBeVisible();
});

test('a recovery link with a bad token is refused with a translated message', async ({ page }) => {
  await page.goto('/login/recover/not-a-real-token');
  await expect(page.locator('#token')).toHaveValue('not-a-real-token');
  await page.locator('#password').fill('nova-senha');
  await page.locator('#confirmation').fill('nova-senha');
  await page.getByRole('button', { name: 'Salvar senha' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'O código de recuperação é inválido ou expirou.',
  );
});

test('the maintenance page shows when the server info cannot be loaded', async ({ page }) => {
  await page.route('**/api/server', (route) => route.abort());
  await page.goto('/home');
  await expect(page).toHaveURL(/\/maintenance$/);
  await expect(page.getByText('Em manutenção')).toBeVisible();
  await page.unroute('**/api/server');
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page).toHaveURL(/\/login\?to=%2Fhome$/);
});

for (const { locale, map, version } of [
  { locale: 'pt-BR', map: 'Mapa', version: 'Versão' },
  { locale: 'es-ES', map: 'Mapa', version: 'Versión' },
  { locale: 'en-US', map: 'Map', version: 'Version' },
]) {
  test(`the administrator signs in and sees the app in ${locale}`, async ({ page }) => {
    await page.goto(`/login?locale=${locale}`);
    await signIn(page, admin);
    await expect(page.getByTestId('home-map').locator('.leaflet-container')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: map })).toBeVisible();
    await expect(page.getByText(new RegExp(`^${version} \\d+\\.\\d+\\.\\d+$`))).toBeVisible();
  });
}
