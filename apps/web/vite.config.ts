/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies written at build time; the API serves them by Accept-Encoding
    // (@fastify/static preCompressed), so no request pays for compression (issue 15).
    compression({ algorithms: ['brotliCompress', 'gzip'], include: /\.(js|css|html|svg|json)$/, threshold: 1024 }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': process.env.API_URL ?? 'http://localhost:3000' },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 600 },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // One module graph per worker instead of one per file: every web test file imports Mantine,
    // React Query and the app shell, and re-importing them per file was half the project's time
    // (3 min instead of 6 on two busy cores). setup.ts resets what is shared between files: the DOM,
    // toasts, localStorage, stubbed globals and the request stubs.
    isolate: false,
    // jsdom + Mantine journeys take seconds on a busy 2-core machine; this is a ceiling, not a speed check.
    testTimeout: 20_000,
  },
});
