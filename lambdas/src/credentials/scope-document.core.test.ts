import { describe, expect, it } from 'vitest';
import { routes } from '@ccsc/contract/routes';
import { aCredential } from '../core/testing/credential-records';
import { FakeAuditTrail } from '../core/testing/fakes';
import { MemoryExports } from '../core/testing/memory-exports';
import { aSystem } from '../core/testing/memory-registry';
import { activeCredential, as, world, type Who } from './credential-test-kit';
import { downloadScope, type ScopeDocumentDeps } from './scope-document.core';

/** downloadApiScope: the scope document of a credential the caller sees, as a download link. */

const setUp = () => {
  const w = world();
  const exports = new MemoryExports(w.clock);
  const audit = new FakeAuditTrail();
  const deps: ScopeDocumentDeps = {
    credentials: w.credentials,
    registry: w.registry,
    exports,
    audit,
    clock: w.clock,
    tokenUrl: 'https://auth.example/oauth2/token',
    apiBaseUrl: 'https://api.console.example/prod',
  };
  return { w, exports, audit, deps };
};

describe('downloadApiScope', () => {
  it('writes the document for the credential’s engineers, answers its link, and audits the download', async () => {
    const { w, exports, audit, deps } = setUp();
    const { credential, secret } = await activeCredential(w);
    const out = await downloadScope({ apiId: credential.apiId }, as('orgAdminA'), deps);
    expect(routes.downloadApiScope.response.parse(out)).toEqual(out);
    expect(out).toEqual({
      url: 'https://exports.example.com/api-scope/orgAdminA-sub/req-1.md?name=api-scope-nord-eisf.md',
      expiresAt: '2026-01-10T09:05:00.400Z',
      fileName: 'api-scope-nord-eisf.md',
    });
    expect(exports.files).toHaveLength(1);
    expect(exports.files[0]).toMatchObject({
      key: 'api-scope/orgAdminA-sub/req-1.md',
      fileName: 'api-scope-nord-eisf.md',
      contentType: 'text/markdown; charset=utf-8',
    });
    const text = exports.lastText();
    expect(text).toContain('# API credential of Nord eISF');
    expect(text).toContain('- Organisation: Klinik Nord');
    expect(text).toContain(`- Client id: \`${credential.clientId}\``);
    expect(text).toContain('- Status: active; valid until 2026-07-01T00:00:00.000Z');
    expect(text).toContain('- Token URL: https://auth.example/oauth2/token');
    expect(text).toContain('- API base URL: https://api.console.example/prod/ccsc/api/v1\n');
    expect(text).toContain('https://api.console.example/prod/ccsc/api/v1/openapi.json');
    // Exactly the scopes granted, each with what it allows.
    expect(text).toContain('### ccsc-api/system.read');
    expect(text).toContain('### ccsc-api/connections.read');
    expect(text).not.toContain('### ccsc-api/documents.send');
    expect(text).toContain('grant_type=client_credentials');
    // Never the secret.
    expect(text).not.toContain(secret);
    expect(audit.entries).toEqual([
      {
        action: 'api-credential.scope-downloaded',
        outcome: 'success',
        actor: { sub: 'orgAdminA-sub', email: 'orgAdminA@example.com', role: 'OrgAdmin' },
        organisationId: 'A',
        target: { type: 'api-credential', id: credential.apiId, label: 'Nord eISF' },
        after: { clientId: credential.clientId, fileName: 'api-scope-nord-eisf.md' },
        source: { ip: '203.0.113.7', userAgent: 'vitest' },
        requestId: 'req-1',
      },
    ]);
  });

  it('is for whoever sees the credential, Auditors too; another organisation’s answers as none, nothing written', async () => {
    const table: [Who, 'ok' | 'NOT_FOUND'][] = [
      ['admin', 'ok'],
      ['auditorAll', 'ok'],
      ['orgAdminA', 'ok'],
      ['auditorA', 'ok'],
      ['orgAdminB', 'NOT_FOUND'],
    ];
    for (const [who, expected] of table) {
      const { w, exports, audit, deps } = setUp();
      w.credentials.records.set('a-1', aCredential('a-1'));
      const call = downloadScope({ apiId: 'a-1' }, as(who), deps);
      if (expected === 'ok') {
        await expect(call, who).resolves.toMatchObject({ fileName: 'api-scope-nord-eisf.md' });
        expect(audit.actions(), who).toEqual(['api-credential.scope-downloaded']);
      } else {
        await expect(call, who).rejects.toMatchObject({ code: 'NOT_FOUND' });
        expect(exports.files, who).toEqual([]);
        expect(audit.entries, who).toEqual([]);
      }
    }
    const { exports, audit, deps } = setUp();
    await expect(downloadScope({ apiId: 'api-9999' }, as('admin'), deps)).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect([exports.files, audit.entries]).toEqual([[], []]);
  });

  it('shows the status as of now, and names the file by the apiId when the system’s name has no letters', async () => {
    const { w, exports, deps } = setUp();
    w.registry.seed([{ type: 'system', record: aSystem('a-sym', 'A', { name: '***' }) }]);
    w.credentials.records.set(
      'a-2',
      aCredential('a-2', { systemId: 'a-sym', validUntil: '2026-01-20T00:00:00.000Z' }),
    );
    const out = await downloadScope({ apiId: 'a-2' }, as('admin'), deps);
    expect(out.fileName).toBe('api-scope-a-2.md');
    expect(exports.lastText()).toContain('- Status: expiring; valid until 2026-01-20');
  });

  it('records nothing when the document cannot be written', async () => {
    const { w, exports, audit, deps } = setUp();
    w.credentials.records.set('a-1', aCredential('a-1'));
    exports.failWith = new Error('S3 down');
    await expect(downloadScope({ apiId: 'a-1' }, as('admin'), deps)).rejects.toThrow('S3 down');
    expect(audit.entries).toEqual([]);
  });
});
