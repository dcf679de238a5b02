import { expect, test } from '@playwright/test';
import { signInAdmin } from '../support/session';

/**
 * The preview waits for typing to settle, then for the server, and a save's notice for the
 * server's answer: allow them more than a click.
 */
const rendered = expect.configure({ timeout: 30_000 });

test('an administrator edits a notification template in pt-BR with the server preview', async ({
  page,
}) => {
  // Two screens to load and a server preview per edit: more than one screen's usual 30 s.
  test.setTimeout(120_000);
  await signInAdmin(page);
  // The templates are reached from the server settings' notification channels.
  await page.goto('/server');
  await page.getByRole('tab', { name: 'Canais de notificação' }).click();
  await page.getByRole('link', { name: 'Editar modelos de notificação' }).click();
  await expect(page).toHaveURL(/\/notification-templates$/);
  await expect(page.getByRole('button', { name: 'Português (Brasil)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  const types = page.getByRole('list', { name: 'Tipos de evento' });
  const geofenceEnter = types.getByRole('button', { name: /^Entrou na cerca virtual/ });
  await geofenceEnter.click();
  const subject = page.getByTestId('template-subject');
  const body = page.getByTestId('template-body');
  await expect(subject).toHaveValue('{device} entrou em {geofence}');
  await rendered(page.getByTestId('template-preview-subject')).toHaveText(
    'Caminhão 1 entrou em Depósito',
  );

  await subject.fill('{device} chegou a {geofence}');
  await body.fill('Chegada de {device} ({placa})');
  await rendered(page.getByTestId('template-preview-error')).toHaveText(
    'Marcador desconhecido: {placa}',
  );
  await body.fill('Chegada de {device} a ');
  // A placeholder chip goes where the caret was in the field last edited.
  await page.getByRole('button', { name: 'Inserir Velocidade', exact: true }).click();
  await expect(body).toHaveValue('Chegada de {device} a {speed}');
  await rendered(page.getByTestId('template-preview-error')).toHaveCount(0);
  await rendered(page.getByTestId('template-preview-subject')).toHaveText(
    'Caminhão 1 chegou a Depósito',
  );
  await rendered(page.getByTestId('template-preview-text')).toContainText(
    'Chegada de Caminhão 1 a 100 km/h',
  );
  await rendered(page.getByTestId('template-preview-text')).toContainText(
    'Evento: Entrou na cerca virtual',
  );
  const mail = page.frameLocator('[data-testid="template-preview-mail"]');
  await rendered(mail.locator('h1')).toHaveText('Caminhão 1 chegou a Depósito');
  await expect(mail.getByText('Abrir no mapa')).toBeVisible();

  await page.getByRole('button', { name: 'Salvar' }).click();
  await rendered(page.getByText('Modelo salvo')).toBeVisible();
  await expect(geofenceEnter).toContainText('Editado');

  // Saved on the server: a fresh page shows it; the Spanish template is untouched.
  await page.reload();
  await geofenceEnter.click();
  await expect(page.getByTestId('template-subject')).toHaveValue('{device} chegou a {geofence}');
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByTestId('template-subject')).toHaveValue('{device} entró en {geofence}');
  await rendered(page.getByTestId('template-preview-subject')).toHaveText(
    'Camión 1 entró en Depósito',
  );

  await page.getByRole('button', { name: 'Português (Brasil)' }).click();
  await page.getByRole('button', { name: 'Restaurar padrão' }).click();
  await rendered(page.getByText('Modelo restaurado ao padrão')).toBeVisible();
  await expect(page.getByTestId('template-subject')).toHaveValue('{device} entrou em {geofence}');
  await expect(geofenceEnter).not.toContainText('Editado');
});
