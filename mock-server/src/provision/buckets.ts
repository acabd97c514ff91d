import {
  CreateBucketCommand,
  ListBucketsCommand,
  PutBucketCorsCommand,
  type S3Client,
} from '@aws-sdk/client-s3';

/** The declared S3 buckets, created when missing; upload buckets given infra's CORS rule. */

/**
 * Browser uploads through presigned links: PUT with the Content-Type the link was signed for; and
 * a document's file read through its download link, to show it in the page (GET).
 */
export const UPLOAD_CORS_RULE = {
  AllowedMethods: ['PUT', 'GET'],
  AllowedOrigins: ['*'],
  AllowedHeaders: ['content-type'],
  ExposeHeaders: ['ETag'],
  MaxAgeSeconds: 3000,
};

export const ensureBuckets = async (
  s3: S3Client,
  buckets: readonly string[],
  uploadBuckets: readonly string[],
) => {
  const existing = await s3.send(new ListBucketsCommand({}));
  const have = new Set(existing.Buckets?.map((b) => b.Name));
  const missing = buckets.filter((b) => !have.has(b));
  await Promise.all(missing.map((Bucket) => s3.send(new CreateBucketCommand({ Bucket }))));
  // The rule infra gives the documents bucket (lib/constructs/data.ts), on every start: the
  // console's page PUTs a package through a presigned link. Offline the console's origin is not
  // known yet (its port is held later, and a browser may name it localhost or 127.0.0.1), so any
  // origin; the presigned signature is what authorises the PUT, as in AWS.
  await Promise.all(
    uploadBuckets.map((Bucket) =>
      s3.send(
        new PutBucketCorsCommand({
          Bucket,
          CORSConfiguration: { CORSRules: [UPLOAD_CORS_RULE] },
        }),
      ),
    ),
  );
  return missing;
};
