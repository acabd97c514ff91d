import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

// `npm run dev`: /config.json and the API come from a running `npm start` (its default port).
const CONSOLE = 'http://localhost:3000';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * A Brotli (.br) and a gzip (.gz) copy of every hashed text asset, written at build time at the
 * strongest settings, for the offline server to send as they are (mock-server/src/app.ts). At
 * build time rather than at server start: the files never change once built, the work is paid
 * once instead of on every `npm start` (whose 5 s budget a 2-core machine needs), and no request
 * waits for it. In AWS CloudFront compresses on its own; the deployment leaves these out.
 */
const precompress = (): Plugin => ({
  name: 'ccsc:precompress',
  apply: 'build',
  async writeBundle({ dir = 'dist' }, bundle) {
    const files = Object.keys(bundle).filter((name) =>
      /^assets\/.+\.(?:js|css|svg|json|html|txt)$/.test(name),
    );
    await Promise.all(
      files.map(async (name) => {
        const path = join(dir, name);
        const source = await readFile(path);
        const [br, gz] = await Promise.all([
          brotli(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
          gzipped(source, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        // A copy that is not smaller is not worth a lookup: the server falls back to the file.
        if (br.length < source.length) await writeFile(`${path}.br`, br);
        if (gz.length < source.length) await writeFile(`${path}.gz`, gz);
      }),
    );
  },
});

/** The login screen, the screen "/" shows (src/app/app-routes.tsx). */
const LOGIN_PAGE = '/src/features/auth/components/login-page.tsx';

/**
 * `<link rel="modulepreload">` in index.html for the login screen's chunk and the chunks it
 * imports, which the entry loads lazily: fetched with the entry instead of after it has run, one
 * round trip less before the login form paints. A deep link fetches them needlessly: a few KB.
 */
const preloadLoginRoute = (): Plugin => {
  let base = '/';
  return {
    name: 'ccsc:preload-login-route',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = new Map(
          Object.values(bundle).flatMap((output) =>
            output.type === 'chunk' ? [[output.fileName, output] as const] : [],
          ),
        );
        const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
        const login = [...chunks.values()].find((chunk) =>
          chunk.facadeModuleId?.endsWith(LOGIN_PAGE),
        );
        if (!entry || !login) throw new Error(`no entry chunk or no chunk of ${LOGIN_PAGE}`);
        // What the entry imports statically, Vite preloads already.
        const seen = new Set<string>();
        const visit = (fileName: string, into: string[]) => {
          if (seen.has(fileName)) return;
          seen.add(fileName);
          into.push(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported, into);
        };
        visit(entry.fileName, []);
        const files: string[] = [];
        visit(login.fileName, files);
        return files.map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head' as const,
        }));
      },
    },
  };
};

export default defineConfig({
  plugins: [react(), precompress(), preloadLoginRoute()],
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
