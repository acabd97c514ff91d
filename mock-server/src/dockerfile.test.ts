import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

/**
 * No Docker engine runs here, so the image is checked by reading: `npm ci` needs every workspace's
 * package.json before the sources are copied, or the install fails (or, worse, leaves a workspace
 * unlinked); the image that runs is the last stage, which must hold the built bundle, production
 * dependencies only, and run as a user other than root.
 */
const root = join(import.meta.dirname, '..', '..');
const dockerfile = readFileSync(join(root, 'mock-server', 'Dockerfile'), 'utf8');
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  workspaces: string[];
};

interface Stage {
  from: string;
  name: string | undefined;
  /** Its instructions, a continued line joined into one, comments left out. */
  lines: string[];
}

const stages: Stage[] = [];
for (const line of dockerfile
  .replace(/\\\n\s*/g, ' ')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l !== '' && !l.startsWith('#'))) {
  const from = /^FROM (\S+)(?: AS (\S+))?$/i.exec(line);
  if (from) stages.push({ from: from[1] ?? '', name: from[2], lines: [] });
  else stages.at(-1)?.lines.push(line);
}
const runtime = stages.at(-1) ?? { from: '', name: undefined, lines: [] };
const stageNamed = (name: string) => stages.find((s) => s.name === name);
const jsonArgument = (stage: Stage, instruction: string): unknown => {
  const line = stage.lines.find((l) => l.startsWith(`${instruction} `));
  return line === undefined ? undefined : JSON.parse(line.slice(instruction.length + 1));
};

/** The stages that install: each must have every workspace's package.json first. */
const installing = stages.filter((s) => s.lines.some((l) => l.startsWith('RUN npm ci')));

describe('mock-server/Dockerfile', () => {
  it('builds in one stage and runs in another', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(installing.length).toBeGreaterThanOrEqual(1);
  });

  it('runs the Node major the repository requires, in every stage', () => {
    const nvmrc = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
    for (const stage of stages) expect(stage.from).toMatch(new RegExp(`^node:${nvmrc}-`));
  });

  it.each(workspaces)(
    'copies the package.json of workspace %s before each install',
    (workspace) => {
      for (const stage of installing) {
        const install = stage.lines.findIndex((l) => l.startsWith('RUN npm ci'));
        const copy = stage.lines.indexOf(`COPY ${workspace}/package.json ${workspace}/`);
        expect(copy, stage.name).toBeGreaterThanOrEqual(0);
        expect(copy, stage.name).toBeLessThan(install);
      }
    },
  );

  it('builds the web app and the server bundle from the installed sources', () => {
    const build = stageNamed('build');
    const lines = build?.lines ?? [];
    const install = lines.findIndex((l) => l.startsWith('RUN npm ci'));
    const sources = lines.indexOf('COPY . .');
    expect(sources).toBeGreaterThan(install);
    // The root "prepare": the web build and mock-server/dist (scripts/start.mjs --build-only).
    expect(lines.indexOf('RUN npm run prepare')).toBeGreaterThan(sources);
  });

  it('gives the running image production dependencies only', () => {
    expect(runtime.lines.some((l) => l.startsWith('RUN npm'))).toBe(false);
    const copied = runtime.lines.find((l) => / \/app\/node_modules /.test(l));
    const from = /--from=(\S+)/.exec(copied ?? '')?.[1];
    const deps = stageNamed(from ?? '');
    expect(deps?.lines.find((l) => l.startsWith('RUN npm ci'))).toMatch(
      /--omit=dev .*--workspace mock-server/,
    );
  });

  it('holds the built bundle and the web build, from the build stage', () => {
    expect(runtime.lines).toContain('COPY --from=build /app/mock-server/dist mock-server/dist');
    expect(runtime.lines).toContain('COPY --from=build /app/web/dist web/dist');
  });

  it('runs the bundle with plain node as the user node, the role its argument', () => {
    expect(runtime.lines).toContain('USER node');
    expect(runtime.lines).toContain('WORKDIR /app');
    expect(jsonArgument(runtime, 'ENTRYPOINT')).toEqual([
      'node',
      'mock-server/dist/standalone.mjs',
    ]);
    expect(jsonArgument(runtime, 'CMD')).toEqual(['console']);
    // The bundle the entry point names is one that `npm run build -w mock-server` writes, with
    // the worker threads it loads by URL beside it (the image copies dist/ whole).
    const start = readFileSync(join(root, 'mock-server', 'scripts', 'start.mjs'), 'utf8');
    expect(start).toMatch(/^\s+standalone: 'standalone\.ts',$/m);
    expect(start).toMatch(/^\s+'dynamodb-thread': 'services\/dynamodb-thread\.ts',$/m);
    expect(start).toMatch(/^\s+'scan-result-worker': 'scan-result-worker\.ts',$/m);
    expect(dockerfile).not.toMatch(/tsx/);
  });

  it('exposes every port a service of docker-compose.yml listens on', () => {
    const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), {
      merge: true,
    }) as { services: Record<string, { environment?: Record<string, string | number> }> };
    const PORT_VARIABLES = /^([A-Z0-9_]+_)?PORT$/;
    const listened = new Set(
      // clamd's service (its own image, no environment) listens where its clamd.conf says.
      Object.values(compose.services).flatMap((service) =>
        Object.entries(service.environment ?? {})
          .filter(([name, value]) => PORT_VARIABLES.test(name) && /^\d+$/.test(String(value)))
          .map(([, value]) => String(value)),
      ),
    );
    const exposed =
      runtime.lines
        .find((l) => l.startsWith('EXPOSE '))
        ?.split(' ')
        .slice(1) ?? [];
    expect(new Set(exposed)).toEqual(listened);
  });
});
