// `npm run test:static`'s step for one workspace: its typecheck (`tsc -p tsconfig.json`) and its
// lint (`eslint . --max-warnings=0`, type-aware) on ONE TypeScript program. Run apart, tsc and
// ESLint each build the workspace's program and each has the checker work out the type of nearly
// every node (ESLint's rules ask for them lazily), so on a 2-core machine the same type work was
// paid twice. Here the program is built and checked once (every diagnostic `tsc` reports, in its
// plain format), then handed to ESLint (typescript-eslint's `parserOptions.programs`), whose rules
// find the types already worked out. `npm run lint` and `npm run typecheck` stay as they are, for
// one at a time.
//
// The lint is the workspace's own `lint` script's: eslint.config.js, from the workspace's folder,
// with the `--ignore-pattern`s that script names (lambdas/ leaves contract/ and formats/ to their
// own workspaces). Exit status 1 on a type error, a lint error or any lint warning.
//
// Usage: node scripts/static-check.mjs <workspace folder>   (e.g. web, lambdas/contract)
import { readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const folder = process.argv[2];
if (folder === undefined) {
  console.error('static-check: name a workspace folder, e.g. `node scripts/static-check.mjs web`');
  process.exit(2);
}
const cwd = join(root, folder);
const { scripts } = JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8'));
if (scripts?.lint === undefined || scripts.typecheck !== 'tsc -p tsconfig.json') {
  console.error(`static-check: ${folder} has no lint script or no \`tsc -p tsconfig.json\``);
  process.exit(2);
}
const ignorePatterns = [...scripts.lint.matchAll(/--ignore-pattern '([^']+)'/gu)].map((m) => m[1]);

// ---------- the typecheck: tsc -p tsconfig.json ----------
const started = Date.now();
const configPath = join(cwd, 'tsconfig.json');
const parsed = ts.getParsedCommandLineOfConfigFile(configPath, undefined, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    console.error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    process.exit(2);
  },
});
const program = ts.createProgram({
  rootNames: parsed.fileNames,
  options: parsed.options,
  projectReferences: parsed.projectReferences,
  configFileParsingDiagnostics: parsed.errors,
});
const diagnostics = ts.getPreEmitDiagnostics(program);
const formatHost = {
  getCanonicalFileName: (name) => name,
  getCurrentDirectory: () => cwd,
  getNewLine: () => '\n',
};
if (diagnostics.length > 0) process.stdout.write(ts.formatDiagnostics(diagnostics, formatHost));
const typeErrors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error).length;
const typeSeconds = ((Date.now() - started) / 1000).toFixed(1);

// ---------- the lint, on the same program ----------
const eslint = new ESLint({
  cwd,
  ignorePatterns,
  overrideConfig: [
    {
      files: ['**/*.{ts,tsx,mts,cts}'],
      languageOptions: { parserOptions: { projectService: false, programs: [program] } },
    },
  ],
});
const results = await eslint.lintFiles(['.']);
const formatter = await eslint.loadFormatter('stylish');
const report = await formatter.format(results);
if (report.length > 0) process.stdout.write(report.endsWith('\n') ? report : `${report}\n`);
const lintErrors = results.reduce((n, r) => n + r.errorCount, 0); // fatal ones included
const lintWarnings = results.reduce((n, r) => n + r.warningCount, 0);
const lintSeconds = ((Date.now() - started) / 1000 - Number(typeSeconds)).toFixed(1);

console.log(
  `${relative(root, cwd)}: tsc ${String(typeErrors)} errors (${typeSeconds} s); ` +
    `eslint ${String(results.length)} files, ${String(lintErrors)} errors, ` +
    `${String(lintWarnings)} warnings (${lintSeconds} s)`,
);
process.exit(typeErrors > 0 || lintErrors > 0 || lintWarnings > 0 ? 1 : 0);
