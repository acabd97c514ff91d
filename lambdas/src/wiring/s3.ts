import { S3Exports } from '../adapters/s3-exports';
import { s3 } from '../adapters/clients/s3';
import { lambdaEnv } from '../env';
import type { Exports } from '../core/ports/exports';

/** The ports on S3 (see ../deps.ts for why each service has its own module). */
export const exportsStore = (): Exports => new S3Exports(s3, lambdaEnv().EXPORTS_BUCKET);
