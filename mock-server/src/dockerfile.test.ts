import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No Docker engine runs here, so the image is checked by reading: `npm ci` in the image needs
 * every workspace's package.json before the sources are copied, or the install fails (or, worse,
 * leaves a workspace unlinked).
 */
const root = join(import.meta.dirname, '..', '..');
const dockerfile = readFileSync(join(root, 'mock-server', 'Dockerfile'), 'utf8');
const { workspaces } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  workspaces: string[];
};

describe('mock-server/Dockerfile', () => {
  const lines = dockerfile.split('\n');
  const install = lines.findIndex((line) => line.startsWith('RUN npm ci'));

  it('installs with npm ci before copying the sources', () => {
    expect(install).toBeGreaterThan(0);
    expect(lines.findIndex((line) => line.startsWith('COPY . .'))).toBeGreaterThan(install);
  });

  it.each(workspaces)('copies the package.json of workspace %s before the install', (workspace) => {
    const copy = lines.findIndex((line) => line === `COPY ${workspace}/package.json ${workspace}/`);
    expect(copy).toBeGreaterThan(0);
    expect(copy).toBeLessThan(install);
  });

  it('runs the Node major the repository requires', () => {
    const nvmrc = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
    expect(dockerfile).toMatch(new RegExp(`^FROM node:${nvmrc}-`, 'm'));
  });
});
