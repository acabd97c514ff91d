import type * as S3Sdk from '@aws-sdk/client-s3';
import type * as Presigner from '@aws-sdk/s3-request-presigner';
import { lambdaEnv } from '../../env';
import { once } from './once';
import { traced } from './tracer';
import { accessOf, type Service, type ServiceAccess, type ServiceSource } from './service';

type Client = S3Sdk.S3Client;
export type S3 = Service<Client, typeof S3Sdk>;
export type S3Access = ServiceAccess<Client, typeof S3Sdk>;
export type S3Source = ServiceSource<Client, typeof S3Sdk>;

/** The SDK package, loaded by the first call that needs it (Node keeps a module once loaded). */
export const loadS3Sdk = (): Promise<typeof S3Sdk> => import('@aws-sdk/client-s3');

export const s3: S3Access = /* @__PURE__ */ once(async () => {
  const sdk = await loadS3Sdk();
  return {
    client: await traced(
      new sdk.S3Client({
        region: lambdaEnv().AWS_REGION,
        forcePathStyle: lambdaEnv().S3_FORCE_PATH_STYLE,
        // Checksums only where an operation requires one. The default (WHEN_SUPPORTED) puts the
        // CRC32 of an empty body into every presigned PUT URL, and S3 refuses the real upload
        // with BadDigest; the hub verifies every file's SHA-256 itself.
        requestChecksumCalculation: 'WHEN_REQUIRED',
      }),
    ),
    sdk,
  };
});

export const s3Access = (source: S3Source): S3Access => accessOf(source, loadS3Sdk);

/** s3-request-presigner's getSignedUrl, its package loaded when the first link is signed. */
export const getSignedUrl: typeof Presigner.getSignedUrl = async (client, command, options) =>
  (await import('@aws-sdk/s3-request-presigner')).getSignedUrl(client, command, options);
