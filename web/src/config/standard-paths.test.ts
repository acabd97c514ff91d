import { describe, expect, it } from 'vitest';
import { listOrganisationOf, rowLookupOf, standardPaths } from './standard-paths';

const paramsOf = (path: string) => new URL(path, 'https://console.example').searchParams;

describe('the links into the mapping standards', () => {
  it('open a standard, a version of it, and the row a document lacks', () => {
    expect(standardPaths.editor('std-1')).toBe(
      '/admin/artifact/view-edit-standard?standardId=std-1',
    );
    expect(standardPaths.editor('std-1', 3)).toBe(
      '/admin/artifact/view-edit-standard?standardId=std-1&version=3',
    );
    const code = standardPaths.editor('std-1', 3, { kind: 'code', value: 'FDA 1572&x' });
    expect(code).toBe(
      '/admin/artifact/view-edit-standard?standardId=std-1&version=3&code=FDA+1572%26x',
    );
    expect(rowLookupOf(paramsOf(code))).toEqual({ kind: 'code', value: 'FDA 1572&x' });
    const artifact = standardPaths.editor('std-1', 3, { kind: 'artifact', value: '05.02.08' });
    expect(artifact).toBe(
      '/admin/artifact/view-edit-standard?standardId=std-1&version=3&artifact=05.02.08',
    );
    expect(rowLookupOf(paramsOf(artifact))).toEqual({ kind: 'artifact', value: '05.02.08' });
  });

  it('look for nothing a row could not hold', () => {
    expect(rowLookupOf(paramsOf('/x?standardId=s'))).toBeNull();
    expect(rowLookupOf(paramsOf('/x?code=%20%20'))).toBeNull();
    expect(rowLookupOf(paramsOf(`/x?code=${'A'.repeat(101)}`))).toBeNull();
    expect(rowLookupOf(paramsOf('/x?code=A%0AB'))).toBeNull();
    expect(rowLookupOf(paramsOf('/x?artifact=5.2.8'))).toBeNull();
    expect(rowLookupOf(paramsOf('/x?code=%20MED-LIC%20'))).toEqual({
      kind: 'code',
      value: 'MED-LIC',
    });
  });

  it('list the standards, of one organisation when named', () => {
    expect(standardPaths.list()).toBe('/admin/artifact/list-of-mapping-standards');
    const list = standardPaths.list({ organisationId: 'site-1' });
    expect(list).toBe('/admin/artifact/list-of-mapping-standards?organisationId=site-1');
    expect(listOrganisationOf(paramsOf(list))).toBe('site-1');
    expect(listOrganisationOf(paramsOf('/x?organisationId=a%20b'))).toBeUndefined();
    expect(listOrganisationOf(paramsOf('/x'))).toBeUndefined();
  });
});
