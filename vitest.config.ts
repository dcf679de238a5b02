import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          globals: true,
          setupFiles: ['./tests/unit/web/setup.ts'],
          include: ['tests/unit/web/**/*.test.{ts,tsx}'],
          css: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'tests/unit/server/**/*.test.ts',
            'tests/unit/scripts/**/*.test.ts',
            'tests/unit/model/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file starts its own server processes; two at a time fits the 2-core machine.
          maxWorkers: 2,
          // Vitest runs projects with different maxWorkers as separate groups; api goes last.
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'cluster',
          environment: 'node',
          include: ['tests/cluster/**/*.test.ts'],
          // PostgreSQL and Redis for several instances (installed and started when missing).
          globalSetup: ['./tests/support/clusterSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts two or three server processes: one file at a time on 2 cores.
          maxWorkers: 1,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
