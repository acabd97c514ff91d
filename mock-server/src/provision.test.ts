import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { invitationTemplate, readStackFile, toCreateTableInput } from './provision';
import { DamagedFileError } from './services/atomic-file.mjs';

describe('toCreateTableInput', () => {
  it('turns a keyed definition into an on-demand table with string keys and full projections', () => {
    expect(
      toCreateTableInput({
        name: 'ccsc-local-main',
        definition: {
          partitionKey: 'pk',
          sortKey: 'sk',
          indexes: [{ name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' }],
        },
      }),
    ).toEqual({
      TableName: 'ccsc-local-main',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: ['pk', 'sk', 'gsi1pk', 'gsi1sk'].map((AttributeName) => ({
        AttributeName,
        AttributeType: 'S',
      })),
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [
        {
          IndexName: 'gsi1',
          KeySchema: [
            { AttributeName: 'gsi1pk', KeyType: 'HASH' },
            { AttributeName: 'gsi1sk', KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    });
  });

  it('leaves out what a definition does not have, and passes a CreateTable input through', () => {
    expect(toCreateTableInput({ name: 't', definition: { partitionKey: 'id' } })).toEqual({
      TableName: 't',
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [{ AttributeName: 'id', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'id', KeyType: 'HASH' }],
    });
    const raw = { TableName: 'raw', KeySchema: [], AttributeDefinitions: [] };
    expect(toCreateTableInput(raw)).toBe(raw);
  });
});

describe('invitationTemplate', () => {
  it('names the product and carries both placeholders Cognito requires', () => {
    const template = invitationTemplate('CCSC Admin Console');
    expect(template.EmailSubject).toBe('Your CCSC Admin Console invitation');
    for (const text of [template.EmailMessage, template.SMSMessage]) {
      expect(text).toContain('{username}');
      expect(text).toContain('{####}');
    }
  });
});

describe('readStackFile', () => {
  const withFolder = async (test: (dir: string) => Promise<void>) => {
    const dir = await mkdtemp(join(tmpdir(), 'ccsc-stack-file-'));
    try {
      await test(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  it('reads the ids, and nothing when there is no file', () =>
    withFolder(async (dir) => {
      expect(await readStackFile(dir)).toBeUndefined();
      const ids = { stack: 'ccsc-local', userPoolId: 'local_x', userPoolClientId: 'c1' };
      await writeFile(join(dir, 'stack.json'), JSON.stringify(ids));
      expect(await readStackFile(dir)).toEqual(ids);
    }));

  it('refuses an empty or cut-short file, naming it, instead of provisioning a second pool', () =>
    withFolder(async (dir) => {
      const file = join(dir, 'stack.json');
      for (const content of ['', '{"stack":"ccsc-local","userPoolId":"local_x","userPool']) {
        await writeFile(file, content);
        const error = await readStackFile(dir).catch((err: unknown) => err);
        expect(error).toBeInstanceOf(DamagedFileError);
        expect(error).toMatchObject({ path: file });
        expect(String(error)).toContain('run `npm run reset` to start afresh');
      }
      expect(await readdir(dir)).toEqual(['stack.json']);
    }));

  it('refuses a stack.json that is not ours rather than overwrite it', () =>
    withFolder(async (dir) => {
      await writeFile(join(dir, 'stack.json'), '{"name":"something else"}');
      await expect(readStackFile(dir)).rejects.toThrow(
        `${join(dir, 'stack.json')} is not the offline console's stack file (stack:`,
      );
    }));
});
