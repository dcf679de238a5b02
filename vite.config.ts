import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// The dev server proxies the APIs to the real server (npm run dev starts both).
const serverUrl = process.env.FROTA_SERVER_URL ?? 'http://127.0.0.1:8082';

export default defineConfig({
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  server: {
    host: '127.0.0.1',
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: {
      '/api/socket': { target: serverUrl.replace(/^http/, 'ws'), ws: true },
      '/api': { target: serverUrl, changeOrigin: false },
      '/tarkan': { target: serverUrl, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
});
