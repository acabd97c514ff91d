import { describe, expect, it } from 'vitest';
import {
  listOrganisationOf,
  type RowLookup,
  rowLookupOf,
  standardPaths,
} from '../../../config/standard-paths';
import {
  documentPath,
  documentsPath,
  isFiltered,
  queryOf,
  searchOf,
  standardEditorPath,
  standardsListPath,
} from './document-query';

describe('the document list filters in the address', () => {
  it('reads every filter the contract accepts, and writes it back the same', () => {
    // In the order s3documents/list's request names them (lib/list-query.ts).
    const search =
      '?studyId=study-1&connectionId=con-1&state=held&direction=site-to-sponsor&artifactNumber=05.04.04&typeCode=ISF-VL&sentFrom=2025-02-01&sentTo=2025-02-28&holdKind=mapping&delivered=true';
    const query = queryOf(new URLSearchParams(search));
    expect(query).toEqual({
      state: 'held',
      direction: 'site-to-sponsor',
      studyId: 'study-1',
      connectionId: 'con-1',
      artifactNumber: '05.04.04',
      typeCode: 'ISF-VL',
      sentFrom: '2025-02-01',
      sentTo: '2025-02-28',
      holdKind: 'mapping',
      delivered: 'true',
    });
    expect(searchOf(query)).toBe(search);
    expect(isFiltered(query)).toBe(true);
  });

  it('leaves out what the contract refuses (a link edited by hand still lists something)', () => {
    expect(
      queryOf(
        new URLSearchParams(
          'state=lost&direction=up&artifactNumber=5.4&sentFrom=2025-13-01&sentTo=tomorrow&studyId=&holdKind=file&delivered=yes',
        ),
      ),
    ).toEqual({});
    expect(queryOf(new URLSearchParams(`typeCode=${'x'.repeat(101)}`))).toEqual({});
    expect(queryOf(new URLSearchParams('typeCode=%20ISF%20'))).toEqual({ typeCode: 'ISF' });
    expect(searchOf({})).toBe('');
    expect(isFiltered({})).toBe(false);
  });

  it('links to the list and a document', () => {
    expect(documentsPath()).toBe('/admin/documents');
    expect(documentsPath({ studyId: 'study 1' })).toBe('/admin/documents?studyId=study+1');
    expect(documentPath('doc-1')).toBe('/admin/documents/view?documentId=doc-1');
  });
});

describe('the links into the mapping standards', () => {
  const paramsOf = (path: string) => new URL(path, 'https://console.example').searchParams;

  it('are the ones config/standard-paths.ts writes, and the standards screens read them back', () => {
    const lookups: (RowLookup | null)[] = [
      null,
      { kind: 'code', value: 'FDA 1572&x' },
      { kind: 'artifact', value: '05.02.08' },
    ];
    for (const lookup of lookups) {
      for (const version of [undefined, 3]) {
        const path = standardEditorPath('std-1', version, lookup);
        expect(path).toBe(standardPaths.editor('std-1', version, lookup));
        expect(rowLookupOf(paramsOf(path))).toEqual(lookup);
      }
    }
    expect(standardEditorPath('std-1', 3, { kind: 'code', value: 'FDA-1572' })).toBe(
      '/admin/artifact/view-edit-standard?standardId=std-1&version=3&code=FDA-1572',
    );
    const list = standardsListPath('site-1');
    expect(list).toBe(standardPaths.list({ organisationId: 'site-1' }));
    expect(listOrganisationOf(paramsOf(list))).toBe('site-1');
  });
});
