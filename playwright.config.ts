import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// scripts/e2e.mjs picks a free port and a fresh data directory; these fallbacks serve a direct
// `npx playwright test`. Setting them on process.env lets the workers inherit the same values.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 20000));
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'frota-e2e-'));
process.env.E2E_ADMIN_EMAIL ??= 'admin';
process.env.E2E_ADMIN_PASSWORD ??= 'e2e-admin-password';
process.env.E2E_OSMAND_PORT ??= String(Number(process.env.E2E_PORT) + 1);
process.env.E2E_GT06_PORT ??= String(Number(process.env.E2E_PORT) + 2);

const port = process.env.E2E_PORT;
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: './tests/e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  retries: 0,
  workers: 1,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'pt-BR',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', headless: true } }],
  webServer: {
    command: 'node --import tsx server/main.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
      ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
      WEB_DIR: 'dist',
      // A small demo fleet for the live map tests; tests post their own fixes to OSMAND_PORT.
      DEMO_DEVICES: '5',
      OSMAND_PORT: process.env.E2E_OSMAND_PORT,
      // The scripted GT06 tracker of the lock test; the other hardware ports stay closed.
      GT06_PORT: process.env.E2E_GT06_PORT,
      H02_PORT: 'off',
      GPS103_PORT: 'off',
      TK103_PORT: 'off',
      SUNTECH_PORT: 'off',
      TELTONIKA_PORT: 'off',
      GL200_PORT: 'off',
      JT808_PORT: 'off',
      LOG_LEVEL: 'warn',
      // Plus licence on, so the advanced-permission menus apply as on a licensed server.
      LICENSE_MODE: 'plus',
      // CI exports DATABASE_URL for the database tests; the browser tests use their own SQLite file.
      DATABASE_URL: '',
    },
  },
});
