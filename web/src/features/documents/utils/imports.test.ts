import { MAX_IMPORT_BYTES } from '@ccsc/contract/documents';
import { describe, expect, it } from 'vitest';
import { importSummary } from '../../../testing/document-fixtures';
import { filesDone, importPath, isImportId, mayImport, packageProblem, shortHash } from './imports';

describe('eTMF-EMS imports', () => {
  it('refuses in the browser what the contract would refuse: not a zip, too large, too small', () => {
    expect(packageProblem({ name: 'cro-transfer.zip', size: 1_000 })).toBeNull();
    expect(packageProblem({ name: 'CRO-TRANSFER.ZIP', size: MAX_IMPORT_BYTES })).toBeNull();
    expect(packageProblem({ name: 'exchange.xml', size: 1_000 })).toBe('not-zip');
    expect(packageProblem({ name: 'package.zip.pdf', size: 1_000 })).toBe('not-zip');
    expect(packageProblem({ name: 'huge.zip', size: MAX_IMPORT_BYTES + 1 })).toBe('too-large');
    expect(packageProblem({ name: 'empty.zip', size: 0 })).toBe('too-small');
  });

  it('offers the import to the roles the contract lets start one', () => {
    expect(mayImport('PlatformAdmin')).toBe(true);
    expect(mayImport('OrgAdmin')).toBe(true);
    expect(mayImport('Auditor')).toBe(false);
    expect(mayImport(null)).toBe(false);
  });

  it('links to an import, knows its ids, counts its progress and shortens a checksum', () => {
    expect(importPath('imp-01')).toBe('/admin/documents/import?importId=imp-01');
    expect(isImportId(importSummary(1).importId)).toBe(true);
    expect(isImportId('doc-00000000000000000000000001')).toBe(false);
    expect(filesDone(importSummary(1, { filed: 3, alreadyFiled: 2, notFiled: 1 }))).toBe(6);
    expect(shortHash('ab'.repeat(32))).toBe('abababababab…');
    expect(shortHash('abc')).toBe('abc');
  });
});
