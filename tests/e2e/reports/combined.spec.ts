import { expect, test } from '@playwright/test';
import { mapContainer } from '../support/live';
import { signInAdmin } from '../support/session';
import { chooseDevice, chooseLast7Days, type GeofenceVisit, seedGeofenceVisit } from './support';

let visit: GeofenceVisit;

test.beforeEach(async ({ page }) => {
  await signInAdmin(page);
  visit ??= await seedGeofenceVisit(page.request);
});

test('the combined report draws the route and lists the events', async ({ page }) => {
  await page.goto('/reports');
  await page.getByRole('link', { name: /Combinado/ }).click();
  await expect(page).toHaveURL(/\/reports\/combined$/);
  await chooseDevice(page, visit.device.name);
  await chooseLast7Days(page);
  await page.getByRole('button', { name: 'Carregar' }).click();

  await expect(mapContainer(page)).toHaveAttribute('data-combined-lines', '1');
  const table = page.getByRole('table', { name: 'Eventos' });
  await expect(table.getByRole('row').filter({ hasText: visit.fence.name })).toHaveCount(2);
  await expect(table.getByRole('columnheader', { name: 'Evento' })).toBeVisible();

  // Leaving the report takes its routes off the map.
  await page.getByRole('button', { name: 'Voltar para a lista' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(mapContainer(page)).not.toHaveAttribute('data-combined-lines', /.*/);
});
