import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

/** One temporary folder for every cloud assembly of the run (each ~25 MB); removed at the end. */
export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'ccsc-infra-test-'));
  project.provide('assemblyRoot', dir);
  return () => {
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    assemblyRoot: string;
  }
}
