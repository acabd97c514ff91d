// Runs several commands at once, a few at a time, for the root scripts whose steps each use one
// CPU core: ESLint and tsc are single-threaded, so on a 2-core machine `npm run lint --workspaces`
// (one workspace after another) leaves a core idle for minutes. So does vitest, whose run mode
// takes one worker fewer than the cores (one, on two), and an integration run, whose one console
// serves one call at a time. Each command's output is held
// until it ends and then printed whole, so two commands never interleave their lines; the exit
// status is 1 when any command failed (every command still runs to its end, as a reviewer wants
// to see every failure at once).
//
// Usage: node scripts/run-parallel.mjs [--jobs N] <command>...
//   ws:<script>  expands to `npm run <script> -w <package>` for every workspace of the root
//                package.json that has <script> (as `--workspaces --if-present` would), in the
//                order the root package.json lists them: the workspaces whose lint, typecheck
//                and unit tests take longest come first (web's unit tests alone are a third of
//                that phase), so that no core waits alone for one long step at the end;
//   ws-folder:<command>
//                expands to `<command> <folder>` for every workspace, in the same order (the
//                root `test:static`: `node scripts/static-check.mjs <folder>`);
//   anything else runs as a shell command from the repository root.
// Commands start in the order given (put the longest first); --jobs defaults to the number of
// cores (CI_JOBS overrides it).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

const args = process.argv.slice(2);
let jobs = Number(process.env.CI_JOBS ?? availableParallelism());
const given = [];
for (let i = 0; i < args.length; i += 1) {
  if (args[i] === '--jobs') {
    jobs = Number(args[i + 1]);
    i += 1;
  } else given.push(args[i]);
}
if (!Number.isInteger(jobs) || jobs < 1) {
  console.error('run-parallel: --jobs (or CI_JOBS) must be a whole number of at least 1');
  process.exit(2);
}

const { workspaces } = readJson(join(root, 'package.json'));
const commands = given.flatMap((command) => {
  if (command.startsWith('ws-folder:')) {
    return workspaces.map((ws) => `${command.slice('ws-folder:'.length)} ${ws}`);
  }
  if (!command.startsWith('ws:')) return [command];
  const script = command.slice('ws:'.length);
  // By package name: `-w lambdas` (a folder) would also pick lambdas/contract and lambdas/formats.
  return workspaces
    .map((ws) => readJson(join(root, ws, 'package.json')))
    .filter((pkg) => pkg.scripts?.[script] !== undefined)
    .map((pkg) => `npm run ${script} -w ${pkg.name}`);
});
if (commands.length === 0) {
  console.error('run-parallel: nothing to run');
  process.exit(2);
}

/**
 * What a failed command said of its failure, for the summary at the very end: a CI log is often
 * read from its tail, where a failed command's own output (printed when it ended, perhaps long
 * before) is not. Lines that name a failure as vitest, Playwright, tsc and ESLint print them,
 * without colours and without the console's JSON log lines and passed tests, the last MAX_FAILURE_LINES.
 */
const MAX_FAILURE_LINES = 60;
const FAILURE =
  /FAIL|×|✘|✗|Error|error TS|\berror\b|expected|Expected|Received|›|Timed out|timed out/u;
const failureLines = (text) =>
  text
    // eslint-disable-next-line no-control-regex -- the escape that starts a colour
    .replace(/\u001b\[[0-9;]*m/gu, '')
    .split('\n')
    .filter((line) => !line.startsWith('{"level"') && !line.includes('✓') && FAILURE.test(line))
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line))
    .slice(-MAX_FAILURE_LINES);
const failures = new Map();

const run = (command) =>
  new Promise((resolve) => {
    const started = Date.now();
    const output = [];
    process.stdout.write(`▷ ${command}: started\n`);
    const child = spawn(command, { cwd: root, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const status = code === 0 ? 'ok' : `FAILED (${signal ?? `exit ${String(code)}`})`;
      process.stdout.write(`\n▶ ${command}\n`);
      process.stdout.write(Buffer.concat(output));
      process.stdout.write(`◀ ${command}: ${status} in ${seconds} s\n`);
      if (code !== 0) failures.set(command, failureLines(Buffer.concat(output).toString('utf8')));
      resolve(code === 0);
    });
  });

const queue = [...commands];
const failed = [];
const worker = async () => {
  for (let command = queue.shift(); command !== undefined; command = queue.shift()) {
    if (!(await run(command))) failed.push(command);
  }
};
await Promise.all(Array.from({ length: Math.min(jobs, commands.length) }, worker));
if (failed.length > 0) {
  for (const command of failed) {
    const lines = failures.get(command) ?? [];
    console.error(`\nrun-parallel: ${command} failed; what it said of it:\n${lines.join('\n')}`);
  }
  console.error(`\nrun-parallel: ${String(failed.length)} failed:\n  ${failed.join('\n  ')}`);
  process.exit(1);
}
