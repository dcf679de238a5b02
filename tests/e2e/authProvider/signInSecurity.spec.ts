import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { codeOf, wrongCodeOf } from '../../support/totp';
import { mailBody, startSmtp } from '../../support/smtp';
import { mailOff, mailThrough, patchServer } from '../support/admin';
import { admin, expectSignedIn, signIn, signInAdmin } from '../support/session';

test.use({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });

/** As the administrator (through the API): runs `work`, then signs the request context out. */
async function asAdmin(request: APIRequestContext, work: () => Promise<void>) {
  const login = await request.post('/api/session', { form: admin });
  expect(login.status()).toBe(200);
  try {
    await work();
  } finally {
    await request.delete('/api/session');
  }
}

async function createUser(request: APIRequestContext, name: string, email: string) {
  const res = await request.post('/api/users', { data: { name, email, password: 'senha-antiga' } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { id: number }).id;
}

/** Signs the page out by dropping its cookies, as closing the browser would. */
async function signOutPage(page: Page) {
  await page.context().clearCookies();
  await page.goto('/login');
}

test('ativa a verificação em duas etapas na conta e passa a entrar com o código', async ({
  page,
  request,
}) => {
  await asAdmin(request, async () => {
    await patchServer(request, { totpEnable: true });
    await createUser(request, 'Duas Etapas', 'duas-etapas@e2e.test');
  });
  try {
    await page.goto('/login');
    await signIn(page, { email: 'duas-etapas@e2e.test', password: 'senha-antiga' });
    await expectSignedIn(page);

    await page.goto('/account');
    const section = page.getByTestId('two-factor');
    await expect(section.getByText('A verificação em duas etapas está desativada.')).toBeVisible();
    await section.getByRole('button', { name: 'Ativar' }).click();

    const dialog = page.getByTestId('two-factor-setup');
    await expect(
      dialog.getByRole('img', {
        name: 'QR code para adicionar esta conta a um aplicativo autenticador',
      }),
    ).toBeVisible();
    const key = (await dialog.getByTestId('totp-key').innerText()).replace(/\s/g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);

    // A code the app would not show now: nothing is saved, the user is told why.
    await dialog.getByLabel('Código mostrado no aplicativo').fill(wrongCodeOf(key));
    await dialog.getByRole('button', { name: 'Confirmar e ativar' }).click();
    await expect(dialog.getByText(/Este código não confere/)).toBeVisible();

    await dialog.getByLabel('Código mostrado no aplicativo').fill(codeOf(key));
    await dialog.getByRole('button', { name: 'Confirmar e ativar' }).click();
    await expect(page.getByText('Verificação em duas etapas ativada')).toBeVisible();
    await expect(section.getByText('A verificação em duas etapas está ativada.')).toBeVisible();

    await signOutPage(page);
    await signIn(page, { email: 'duas-etapas@e2e.test', password: 'senha-antiga' });
    await expect(
      page.getByText('Digite o código de 6 dígitos mostrado no seu aplicativo autenticador.'),
    ).toBeVisible();
    const code = page.getByLabel('Código de verificação');
    await code.fill(wrongCodeOf(key));
    await page.locator('button[type="submit"]').click();
    await expect(page.getByText('Código de verificação inválido.')).toBeVisible();

    await code.fill(codeOf(key));
    await page.locator('button[type="submit"]').click();
    await expectSignedIn(page);
  } finally {
    await asAdmin(request, () => patchServer(request, { totpEnable: null }));
  }
});

test('com a verificação obrigatória, quem não a tem é levado a ativá-la ao entrar', async ({
  page,
  request,
}) => {
  await asAdmin(request, async () => {
    await patchServer(request, { totpEnable: true, totpForce: true });
    await createUser(request, 'Sem Chave', 'sem-chave@e2e.test');
  });
  try {
    await page.goto('/login');
    await signIn(page, { email: 'sem-chave@e2e.test', password: 'senha-antiga' });
    await expect(page).toHaveURL(/\/account\?twoFactor=setup$/);
    await expect(
      page.getByText('Este servidor exige a verificação em duas etapas. Ative-a para continuar.'),
    ).toBeVisible();
    const dialog = page.getByTestId('two-factor-setup');
    const key = (await dialog.getByTestId('totp-key').innerText()).replace(/\s/g, '');
    await dialog.getByLabel('Código mostrado no aplicativo').fill(codeOf(key));
    await dialog.getByRole('button', { name: 'Confirmar e ativar' }).click();
    await expect(page.getByText('A verificação em duas etapas está ativada.')).toBeVisible();
    // With the key in place the app no longer sends the user back here.
    await page.goto('/home');
    await expectSignedIn(page);
    await expect(page).toHaveURL(/\/home$/);
  } finally {
    await asAdmin(request, () => patchServer(request, { totpEnable: null, totpForce: null }));
  }
});

test('redefine a senha pela página de login com o link recebido por e-mail', async ({
  page,
  request,
}) => {
  const smtp = await startSmtp();
  await asAdmin(request, async () => {
    await mailThrough(request, smtp.url);
    await createUser(request, 'Esquecida', 'esquecida@e2e.test');
  });
  try {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
    await page.locator('#email').fill('esquecida@e2e.test');
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await expect(
      page.getByText(
        'Se existir uma conta com este e-mail, um link de recuperação foi enviado para ele.',
      ),
    ).toBeVisible();

    const mail = await smtp.waitForMail('esquecida@e2e.test');
    const link = /https?:\/\/[^\s/]+(\/reset-password\?passwordReset=[A-Za-z0-9_-]+)/.exec(
      mailBody(mail),
    );
    expect(link, mailBody(mail)).not.toBeNull();
    // The link names PUBLIC_URL's host; the same page on this test server's address.
    await page.goto(link![1]);
    await expect(page.locator('#token')).not.toHaveValue('');
    await page.locator('#password').fill('senha-nova-1');
    await page.locator('#confirmation').fill('senha-nova-1');
    await page.getByRole('button', { name: 'Salvar senha' }).click();
    await expect(page.getByText('Sua senha foi alterada. Agora você pode entrar.')).toBeVisible();

    await page.goto('/login');
    await signIn(page, { email: 'esquecida@e2e.test', password: 'senha-nova-1' });
    await expectSignedIn(page);
  } finally {
    await asAdmin(request, () => mailOff(request));
    await smtp.close();
  }
});

test('o administrador entra como um usuário pela lista de usuários e volta à própria conta', async ({
  page,
  request,
}) => {
  let adminName = '';
  await asAdmin(request, async () => {
    await createUser(request, 'Cliente Visitado', 'cliente-visitado@e2e.test');
    adminName = ((await (await request.get('/api/session')).json()) as { name: string }).name;
  });
  await signInAdmin(page);
  await page.goto('/users');
  await page.getByRole('button', { name: 'Entrar como Cliente Visitado' }).click();

  const banner = page.getByTestId('impersonation-banner');
  await expect(banner).toContainText('Conectado como Cliente Visitado');
  await expectSignedIn(page);
  // Every request now is the user's: the users list is not theirs to see.
  const session = await page.request.get('/api/session');
  expect(((await session.json()) as { email: string }).email).toBe('cliente-visitado@e2e.test');

  await banner.getByRole('button', { name: `Voltar para ${adminName}` }).click();
  await expect(page.getByTestId('impersonation-banner')).toHaveCount(0);
  await expectSignedIn(page);
  const back = await page.request.get('/api/session');
  expect(((await back.json()) as { email: string }).email).toBe(admin.email);
});

test('o administrador permite e exige a verificação em duas etapas nas configurações do servidor', async ({
  page,
  request,
}) => {
  await signInAdmin(page);
  await page.goto('/server/permissions');
  const require = page.getByLabel('Exigir verificação em duas etapas');
  // Requiring it before allowing it would leave nobody able to comply.
  await expect(require).toBeDisabled();
  await page.getByLabel('Permitir verificação em duas etapas').check();
  await require.check();
  await page.locator('button[type="submit"]').click();
  await expect(page.getByText('Configurações do servidor salvas')).toBeVisible();
  try {
    const server = (await (await request.get('/api/server')).json()) as {
      attributes: Record<string, unknown>;
    };
    expect(server.attributes).toMatchObject({ totpEnable: true, totpForce: true });
  } finally {
    await asAdmin(request, () => patchServer(request, { totpEnable: null, totpForce: null }));
  }
});
