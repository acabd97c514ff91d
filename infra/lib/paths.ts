import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Found from this file, so nothing depends on the directory the CLI or vitest started in. */
export const REPOSITORY_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const LAMBDA_HANDLERS_DIR = join(REPOSITORY_ROOT, 'lambdas', 'src', 'handlers');
export const WEB_DIST_DIR = join(REPOSITORY_ROOT, 'web', 'dist');
export const LAMBDA_JOBS_DIR = join(REPOSITORY_ROOT, 'lambdas', 'src', 'jobs');
/** Code of this app's own deployment-time functions (custom resources). */
export const INFRA_LAMBDA_DIR = join(REPOSITORY_ROOT, 'infra', 'lambda');
