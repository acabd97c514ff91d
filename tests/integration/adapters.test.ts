import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { S3Client } from '@aws-sdk/client-s3';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { CognitoMachineClients, DynamoRecordStore } from '@ccsc/lambdas/adapters';
import { S3ObjectStore } from '@ccsc/lambdas/adapters';
import { SesMailer } from '@ccsc/lambdas/adapters';
import { BUCKETS, bucketName, TABLES, tableName } from '@ccsc/lambdas/data-model';
import { ConflictError, ValidationError } from '@ccsc/lambdas/adapters';
import { cognito, waitForMail } from '../support/aws';

// The ports' AWS SDK v3 adapters against the offline stand-ins the console provisioned.
const c = inject('console');
const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };

describe('DynamoRecordStore on the main table', () => {
  const store = new DynamoRecordStore(
    DynamoDBDocumentClient.from(
      new DynamoDBClient({ region: c.region, endpoint: c.dynamodbEndpoint, credentials }),
    ),
    tableName('local', TABLES.main),
  );

  it('puts, gets, refuses a second create of the same key', async () => {
    const pk = `ORG#${randomUUID()}`;
    await store.put({ pk, sk: 'META', name: 'Site A' }, { onlyIfNew: true });
    expect(await store.get(pk, 'META')).toEqual({ pk, sk: 'META', name: 'Site A' });
    await expect(store.put({ pk, sk: 'META', name: 'again' }, { onlyIfNew: true })).rejects.toThrow(
      ConflictError,
    );
    expect(await store.get(pk, 'NOPE')).toBeNull();
  });

  it('queries by prefix a page at a time, newest first when asked', async () => {
    const pk = `ORG#${randomUUID()}`;
    for (let i = 0; i < 5; i++) await store.put({ pk, sk: `SYS#${i}`, n: i });
    await store.put({ pk, sk: 'META' });
    const first = await store.query(pk, { skPrefix: 'SYS#', limit: 3, descending: true });
    expect(first.items.map((r) => r.sk)).toEqual(['SYS#4', 'SYS#3', 'SYS#2']);
    expect(first.nextCursor).not.toBeNull();
    const second = await store.query(pk, {
      skPrefix: 'SYS#',
      limit: 3,
      descending: true,
      cursor: first.nextCursor ?? undefined,
    });
    expect(second.items.map((r) => r.sk)).toEqual(['SYS#1', 'SYS#0']);
    await expect(store.query(pk, { cursor: 'not-a-cursor' })).rejects.toThrow(ValidationError);
  });
});

describe('S3ObjectStore on the documents bucket', () => {
  const store = new S3ObjectStore(
    new S3Client({ region: c.region, endpoint: c.s3Endpoint, credentials, forcePathStyle: true }),
    bucketName('local', BUCKETS.documents),
  );

  it('puts, gets, lists a page at a time, and answers null for a missing key', async () => {
    const prefix = `it-${randomUUID()}/`;
    for (let i = 0; i < 3; i++) await store.put(`${prefix}doc-${i}.txt`, `body ${i}`, 'text/plain');
    expect(
      new TextDecoder().decode((await store.get(`${prefix}doc-1.txt`)) ?? new Uint8Array()),
    ).toBe('body 1');
    expect(await store.get(`${prefix}missing.txt`)).toBeNull();
    const listed = await store.list(prefix);
    expect(listed.objects.map((o) => o.key)).toEqual([
      `${prefix}doc-0.txt`,
      `${prefix}doc-1.txt`,
      `${prefix}doc-2.txt`,
    ]);
    expect(listed.objects[0]?.size).toBe(6);
  });
});

describe('SesMailer through the SES stand-in', () => {
  const client = new SESv2Client({ region: c.region, endpoint: c.sesEndpoint, credentials });
  const mailer = new SesMailer(client, 'no-reply@ccsc.local');

  it("delivers the product's mail, text and HTML, to the console's inbox", async () => {
    const to = `it-ses-${randomUUID().slice(0, 8)}@example.com`;
    await mailer.send({
      to,
      subject: 'Your one-time link',
      text: 'Open https://console.local/x within 15 minutes.',
      html: '<p>Open <a href="https://console.local/x">the link</a> within 15 minutes.</p>',
    });
    const [mail] = await waitForMail(c, to);
    expect(mail?.subject).toBe('Your one-time link');
    expect(mail?.text.trim()).toBe('Open https://console.local/x within 15 minutes.');
    expect(mail?.html).toContain('<a href="https://console.local/x">the link</a>');
  });

  it('sends a text-only message when there is no HTML', async () => {
    const to = `it-ses-${randomUUID().slice(0, 8)}@example.com`;
    await mailer.send({ to, subject: 'Plain notice', text: 'Nothing to click.' });
    const [mail] = await waitForMail(c, to);
    expect(mail?.subject).toBe('Plain notice');
    expect(mail?.text.trim()).toBe('Nothing to click.');
  });

  it("fails as SES fails when the sender is not an address (the adapter's errors surface)", async () => {
    const broken = new SesMailer(client, 'not-an-address');
    await expect(
      broken.send({ to: 'ada@example.com', subject: 'x', text: 'x' }),
    ).rejects.toMatchObject({ name: 'BadRequestException', message: "Missing final '@domain'" });
  });
});

describe('CognitoMachineClients on the console pool', () => {
  const clients = new CognitoMachineClients(cognito(c), c.userPoolId);

  it('deletes a client once: true while it is there, false when it is gone already', async () => {
    const { clientId } = await clients.create(`it-machine-${randomUUID().slice(0, 8)}`, [
      'ccsc-api/system.read',
    ]);
    expect(await clients.delete(clientId)).toBe(true);
    expect(await clients.delete(clientId)).toBe(false);
  });
});
