import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateResourceServerCommand,
  DescribeResourceServerCommand,
  ListResourceServersCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_RESOURCE_SERVER_ID, API_SCOPE_VALUES, API_SCOPES } from '@ccsc/contract';
import { createPool, startTestCognito, type TestCognito } from '../cognito/testing';
import { DamagedFileError } from '../services/atomic-file.mjs';
import { ensureResourceServer, partnerResourceServer } from './pool-setup';
import { readStackFile } from './stack-file';
import { invitationTemplate } from './user-pool';

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

describe('ensureResourceServer: the partner API’s scopes on every start', () => {
  let cognito: TestCognito | undefined;
  beforeAll(async () => {
    cognito = await startTestCognito();
  });
  afterAll(async () => {
    await cognito?.stop();
  });

  const sdk = () => {
    if (cognito === undefined) throw new Error('the offline Cognito did not start');
    return cognito.sdk;
  };
  const describeServer = async (pool: string) =>
    (
      await sdk().send(
        new DescribeResourceServerCommand({ UserPoolId: pool, Identifier: API_RESOURCE_SERVER_ID }),
      )
    ).ResourceServer;

  it('creates ccsc-api with the contract’s scopes, then leaves it alone', async () => {
    const pool = await createPool(sdk(), { PoolName: 'fresh' });
    expect(await ensureResourceServer(sdk(), pool)).toBe('created');
    const server = await describeServer(pool);
    expect(server).toEqual({ UserPoolId: pool, ...partnerResourceServer() });
    expect(server?.Scopes?.map((s) => `${API_RESOURCE_SERVER_ID}/${String(s.ScopeName)}`)).toEqual(
      API_SCOPE_VALUES,
    );
    expect(server?.Scopes?.map((s) => s.ScopeDescription)).toEqual(
      API_SCOPES.map((s) => s.description),
    );
    expect(await ensureResourceServer(sdk(), pool)).toBe('unchanged');
    const { ResourceServers } = await sdk().send(
      new ListResourceServersCommand({ UserPoolId: pool, MaxResults: 50 }),
    );
    expect(ResourceServers).toHaveLength(1);
  });

  it('brings the resource server of an older data folder up to the contract', async () => {
    const pool = await createPool(sdk(), { PoolName: 'older' });
    await sdk().send(
      new CreateResourceServerCommand({
        UserPoolId: pool,
        Identifier: API_RESOURCE_SERVER_ID,
        Name: 'old name',
        Scopes: [{ ScopeName: 'system.read', ScopeDescription: 'an older wording' }],
      }),
    );
    expect(await ensureResourceServer(sdk(), pool)).toBe('updated');
    expect(await describeServer(pool)).toEqual({ UserPoolId: pool, ...partnerResourceServer() });
    expect(await ensureResourceServer(sdk(), pool)).toBe('unchanged');
  });

  it('fails on a pool that does not exist, rather than pretend', async () => {
    await expect(ensureResourceServer(sdk(), 'eu-central-1_Missing')).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });
  });
});
