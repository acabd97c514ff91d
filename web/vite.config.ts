import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// `npm run dev`: /config.json and the API come from a running `npm start` (its default port).
const CONSOLE = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/config.json': CONSOLE, '/ccsc/ui/': CONSOLE } },
  // `vite preview` serves web/dist as built, without that proxy.
  preview: { proxy: {} },
  build: {
    // The chunk graph, for scripts/login-route-size.mjs (the login route's JS budget, README).
    manifest: true,
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
    css: false,
  },
});
