// Prints the gzip size of the JS the "/" route loads before the login form is usable: the entry
// chunk (with the login screen), login.html's boot script, and every chunk imported statically (README, "Size
// budget"). Reads the chunk graph from web/dist/.vite/manifest.json; run after a build.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const LOGIN = 'src/features/auth/components/login-page.tsx';

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry) throw new Error('web/dist has no entry chunk');

const files = new Map();
const visit = (key) => {
  const chunk = manifest[key];
  if (files.has(chunk.file)) return;
  files.set(chunk.file, gzipSync(readFileSync(join(dist, chunk.file)), { level: 9 }).length);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entry);
// The login screen is part of the entry (prerendered into login.html, hydrated in one pass); a
// chunk of its own, should it have one again, counts too. So does login.html's own script.
if (manifest[LOGIN]) visit(LOGIN);
for (const name of readdirSync(join(dist, 'assets')).filter((n) => /^login-boot-.+\.js$/.test(n))) {
  files.set(
    `assets/${name}`,
    gzipSync(readFileSync(join(dist, 'assets', name)), { level: 9 }).length,
  );
}

let total = 0;
for (const [file, bytes] of [...files].sort((a, b) => b[1] - a[1])) {
  total += bytes;
  console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(
  `${(total / 1024).toFixed(1).padStart(7)} KB  gzip in total for the login route (${total} bytes)`,
);
