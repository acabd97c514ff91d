import { S3Client } from '@aws-sdk/client-s3';
import { lambdaEnv } from '../../env';
import { once } from './once';

export const s3Client = /* @__PURE__ */ once(
  () =>
    new S3Client({
      region: lambdaEnv().AWS_REGION,
      forcePathStyle: lambdaEnv().S3_FORCE_PATH_STYLE,
    }),
);
