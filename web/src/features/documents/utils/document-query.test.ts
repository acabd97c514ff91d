import { describe, expect, it } from 'vitest';
import {
  documentPath,
  documentsPath,
  isFiltered,
  queryOf,
  searchOf,
  standardEditorPath,
} from './document-query';

describe('the document list filters in the address', () => {
  it('reads every filter the contract accepts, and writes it back the same', () => {
    const search =
      '?state=held&direction=site-to-sponsor&studyId=study-1&connectionId=con-1&artifactNumber=05.04.04&typeCode=ISF-VL&sentFrom=2025-02-01&sentTo=2025-02-28';
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
    });
    expect(searchOf(query)).toBe(search);
    expect(isFiltered(query)).toBe(true);
  });

  it('leaves out what the contract refuses (a link edited by hand still lists something)', () => {
    expect(
      queryOf(
        new URLSearchParams(
          'state=lost&direction=up&artifactNumber=5.4&sentFrom=2025-13-01&sentTo=tomorrow&studyId=',
        ),
      ),
    ).toEqual({});
    expect(queryOf(new URLSearchParams(`typeCode=${'x'.repeat(101)}`))).toEqual({});
    expect(queryOf(new URLSearchParams('typeCode=%20ISF%20'))).toEqual({ typeCode: 'ISF' });
    expect(searchOf({})).toBe('');
    expect(isFiltered({})).toBe(false);
  });

  it('links to the list, a document and a standard', () => {
    expect(documentsPath()).toBe('/admin/documents');
    expect(documentsPath({ studyId: 'study 1' })).toBe('/admin/documents?studyId=study+1');
    expect(documentPath('doc-1')).toBe('/admin/documents/view?documentId=doc-1');
    expect(standardEditorPath('std-1')).toBe('/admin/artifact/view-edit-standard?standardId=std-1');
    expect(standardEditorPath('std-1', 3)).toBe(
      '/admin/artifact/view-edit-standard?standardId=std-1&version=3',
    );
  });
});
