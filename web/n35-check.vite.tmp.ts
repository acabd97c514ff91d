// Ad-hoc (not committed): the app built with a fixed ID token, for the 390/1440 px and axe check.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
export default defineConfig({
  plugins: [
    {
      name: 'fake-token',
      enforce: 'pre',
      load(id) {
        if (id.endsWith('/src/lib/auth-token.ts')) return "export const getIdToken = async () => 'h.p.s';";
        return null;
      },
    },
    react(),
  ],
  build: { outDir: '/tmp/n35-checkdist', emptyOutDir: true },
});
