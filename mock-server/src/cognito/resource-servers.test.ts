import {
  CreateResourceServerCommand,
  DeleteResourceServerCommand,
  DescribeResourceServerCommand,
  ListResourceServersCommand,
  UpdateResourceServerCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { useM2mCognito } from './m2m-fixture';

// cognito-local with the fidelity layer in front: resource servers (missing in cognito-local) through the SDK.
describe('machine-to-machine: resource servers', () => {
  const m = useM2mCognito();

  it('creates, describes, lists, updates and deletes one, persisted in the fidelity store', async () => {
    const created = await m.sdk.send(
      new CreateResourceServerCommand({
        UserPoolId: m.poolId,
        Identifier: 'https://crud.example.com',
        Name: 'CRUD',
        Scopes: [{ ScopeName: 'items.read', ScopeDescription: 'Read items' }],
      }),
    );
    const expected = {
      UserPoolId: m.poolId,
      Identifier: 'https://crud.example.com',
      Name: 'CRUD',
      Scopes: [{ ScopeName: 'items.read', ScopeDescription: 'Read items' }],
    };
    expect(created.ResourceServer).toEqual(expected);
    const described = await m.sdk.send(
      new DescribeResourceServerCommand({
        UserPoolId: m.poolId,
        Identifier: 'https://crud.example.com',
      }),
    );
    expect(described.ResourceServer).toEqual(expected);
    const state = await m.stack.cognito.fidelity.store.read(m.poolId);
    expect(state.resourceServers['https://crud.example.com']?.Name).toBe('CRUD');

    const updated = await m.sdk.send(
      new UpdateResourceServerCommand({
        UserPoolId: m.poolId,
        Identifier: 'https://crud.example.com',
        Name: 'CRUD v2',
        Scopes: [{ ScopeName: 'items.write', ScopeDescription: 'Write items' }],
      }),
    );
    expect(updated.ResourceServer).toEqual({
      ...expected,
      Name: 'CRUD v2',
      Scopes: [{ ScopeName: 'items.write', ScopeDescription: 'Write items' }],
    });
    const listed = await m.sdk.send(new ListResourceServersCommand({ UserPoolId: m.poolId }));
    expect(listed.ResourceServers?.map((s) => s.Identifier)).toContain('https://crud.example.com');

    await m.sdk.send(
      new DeleteResourceServerCommand({
        UserPoolId: m.poolId,
        Identifier: 'https://crud.example.com',
      }),
    );
    await expect(
      m.sdk.send(
        new DescribeResourceServerCommand({
          UserPoolId: m.poolId,
          Identifier: 'https://crud.example.com',
        }),
      ),
    ).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'Resource server https://crud.example.com does not exist.',
    });
  });

  it('keeps prototype-named identifiers as ordinary resource servers', async () => {
    for (const Identifier of ['__proto__', 'constructor', 'toString']) {
      await m.sdk.send(
        new CreateResourceServerCommand({ UserPoolId: m.poolId, Identifier, Name: Identifier }),
      );
      await expect(
        m.sdk.send(new DescribeResourceServerCommand({ UserPoolId: m.poolId, Identifier })),
      ).resolves.toMatchObject({ ResourceServer: { Identifier, Name: Identifier } });
      await m.sdk.send(
        new UpdateResourceServerCommand({ UserPoolId: m.poolId, Identifier, Name: 'renamed' }),
      );
      await m.sdk.send(new DeleteResourceServerCommand({ UserPoolId: m.poolId, Identifier }));
      await expect(
        m.sdk.send(new DescribeResourceServerCommand({ UserPoolId: m.poolId, Identifier })),
      ).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
    }
    expect(({} as Record<string, unknown>).Scopes).toBeUndefined();
  });

  it('refuses a duplicate identifier with InvalidParameterException', async () => {
    await expect(
      m.sdk.send(
        new CreateResourceServerCommand({ UserPoolId: m.poolId, Identifier: 'api', Name: 'Again' }),
      ),
    ).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: `api already exists in user pool ${m.poolId}.`,
    });
  });

  it('answers an unknown pool with ResourceNotFoundException', async () => {
    await expect(
      m.sdk.send(
        new CreateResourceServerCommand({
          UserPoolId: 'us-west-2_missing',
          Identifier: 'x',
          Name: 'X',
        }),
      ),
    ).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'User pool us-west-2_missing does not exist.',
    });
    await expect(
      m.sdk.send(new ListResourceServersCommand({ UserPoolId: 'us-west-2_missing' })),
    ).rejects.toMatchObject({ name: 'ResourceNotFoundException' });
  });

  it('answers an unknown identifier with ResourceNotFoundException on update and delete', async () => {
    await expect(
      m.sdk.send(
        new UpdateResourceServerCommand({ UserPoolId: m.poolId, Identifier: 'nope', Name: 'N' }),
      ),
    ).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'Resource server nope does not exist.',
    });
    await expect(
      m.sdk.send(new DeleteResourceServerCommand({ UserPoolId: m.poolId, Identifier: 'nope' })),
    ).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
      message: 'Resource server nope does not exist.',
    });
  });

  it('validates Identifier, Name and Scopes with the AWS model constraints', async () => {
    const create = (input: { Identifier: string; Name: string; Scopes?: unknown[] }) =>
      m.sdk.send(
        new CreateResourceServerCommand({
          UserPoolId: m.poolId,
          ...input,
        } as ConstructorParameters<typeof CreateResourceServerCommand>[0]),
      );
    await expect(create({ Identifier: 'has space', Name: 'N' })).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message:
        "1 validation error detected: Value 'has space' at 'identifier' failed to satisfy constraint: Member must satisfy its constraints",
    });
    await expect(create({ Identifier: 'x'.repeat(257), Name: 'N' })).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: expect.stringContaining(
        "at 'identifier' failed to satisfy constraint: Member must have length less than or equal to 256",
      ) as unknown,
    });
    await expect(create({ Identifier: 'ok', Name: 'n'.repeat(257) })).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: expect.stringContaining(
        "at 'name' failed to satisfy constraint: Member must have length less than or equal to 256",
      ) as unknown,
    });
    await expect(create({ Identifier: 'ok', Name: 'bad/name' })).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
    await expect(
      create({
        Identifier: 'ok',
        Name: 'N',
        Scopes: [{ ScopeName: 'a/b', ScopeDescription: 'slash' }],
      }),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
    await expect(
      create({ Identifier: 'ok', Name: 'N', Scopes: [{ ScopeName: 'a', ScopeDescription: '' }] }),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
    const tooMany = Array.from({ length: 101 }, (_, i) => ({
      ScopeName: `s${String(i)}`,
      ScopeDescription: 'd',
    }));
    await expect(create({ Identifier: 'ok', Name: 'N', Scopes: tooMany })).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: expect.stringContaining("at 'scopes' failed to satisfy constraint") as unknown,
    });
    await expect(create({ Identifier: 'ok', Name: '' })).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
  });

  it('pages ListResourceServers with MaxResults (1..50) and NextToken', async () => {
    const pool = await m.createPool('paging');
    for (const id of ['c', 'a', 'b']) {
      await m.sdk.send(
        new CreateResourceServerCommand({ UserPoolId: pool, Identifier: id, Name: id }),
      );
    }
    const first = await m.sdk.send(
      new ListResourceServersCommand({ UserPoolId: pool, MaxResults: 2 }),
    );
    expect(first.ResourceServers?.map((s) => s.Identifier)).toEqual(['a', 'b']);
    expect(first.NextToken).toBeDefined();
    const second = await m.sdk.send(
      new ListResourceServersCommand({
        UserPoolId: pool,
        MaxResults: 2,
        NextToken: first.NextToken,
      }),
    );
    expect(second.ResourceServers?.map((s) => s.Identifier)).toEqual(['c']);
    expect(second.NextToken).toBeUndefined();

    await expect(
      m.sdk.send(new ListResourceServersCommand({ UserPoolId: pool, MaxResults: 51 })),
    ).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message:
        "1 validation error detected: Value '51' at 'maxResults' failed to satisfy constraint: Member must have value less than or equal to 50",
    });
    await expect(
      m.sdk.send(new ListResourceServersCommand({ UserPoolId: pool, MaxResults: 0 })),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
    await expect(
      m.sdk.send(new ListResourceServersCommand({ UserPoolId: pool, NextToken: 'forged' })),
    ).rejects.toMatchObject({
      name: 'InvalidParameterException',
      message: expect.stringMatching(/^Paging marker forged is invalid for request /) as unknown,
    });
    // A token of another pool is foreign here.
    await expect(
      m.sdk.send(
        new ListResourceServersCommand({ UserPoolId: m.poolId, NextToken: first.NextToken }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
  });
});
