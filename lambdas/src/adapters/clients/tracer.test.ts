import { afterEach, describe, expect, it, vi } from 'vitest';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { traced } from './tracer';

const s3Client = () =>
  new S3Client({
    region: 'us-west-2',
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
  });
const middlewareOf = (client: S3Client): string[] =>
  client.middlewareStack.identify().map((m) => m.split(' ')[0] ?? m);

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('traced: SDK clients captured by Powertools’ Tracer in AWS', () => {
  it('leaves a client as it is outside Lambda (the offline console, the tests)', async () => {
    vi.stubEnv('AWS_EXECUTION_ENV', '');
    const client = s3Client();
    expect(await traced(client)).toBe(client);
    expect(middlewareOf(client)).not.toContain('XRaySDKInstrumentation');
  });

  it('captures it in Lambda, and a presigned URL stays what it was (the trace header unsigned)', async () => {
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs22.x');
    const command = () =>
      new GetObjectCommand({ Bucket: 'ccsc-sit-documents', Key: 'records/a.pdf' });
    const plain = await getSignedUrl(s3Client(), command(), { expiresIn: 900 });
    const client = await traced(s3Client());
    expect(middlewareOf(client)).toContain('XRaySDKInstrumentation');

    // Under a segment, as in an invocation of an actively traced function.
    const xray = (await import('aws-xray-sdk-core')).default;
    const segment = new xray.Segment('ccsc-sit-documents-download');
    const signed = await new Promise<string>((resolve, reject) => {
      xray.getNamespace().run(() => {
        xray.setSegment(segment);
        getSignedUrl(client, command(), { expiresIn: 900 }).then(resolve, reject);
      });
    });
    const names = (segment.subsegments ?? []).map((s) => s.name);
    expect(names).toContain('S3');
    const params = (url: string) => {
      const { searchParams } = new URL(url);
      searchParams.delete('X-Amz-Date');
      searchParams.delete('X-Amz-Signature');
      return Object.fromEntries(searchParams);
    };
    expect(signed.toLowerCase()).not.toContain('trace');
    expect(params(signed)).toEqual(params(plain));
  });
});
