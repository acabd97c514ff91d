// Prints the gzip size of the JS the "/" route loads before the login form is usable: the entry
// chunk, the login screen's chunk, and every chunk either imports statically (README, "Size
// budget"). Reads the chunk graph from web/dist/.vite/manifest.json; run after a build.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const LOGIN = 'src/features/auth/components/login-page.tsx';

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entry || !manifest[LOGIN]) throw new Error('web/dist has no entry or no login chunk');

const files = new Map();
const visit = (key) => {
  const chunk = manifest[key];
  if (files.has(chunk.file)) return;
  files.set(chunk.file, gzipSync(readFileSync(join(dist, chunk.file)), { level: 9 }).length);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entry);
visit(LOGIN);

let total = 0;
for (const [file, bytes] of [...files].sort((a, b) => b[1] - a[1])) {
  total += bytes;
  console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(
  `${(total / 1024).toFixed(1).padStart(7)} KB  gzip in total for the login route (${total} bytes)`,
);
