import { indexCatalogue } from '@ccsc/contract/standard-rows';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, mappingRow } from '../../../testing/standard-fixtures';
import { rowForLookup, rowsMatching } from './row-lookup';

const INDEX = indexCatalogue(CATALOGUE);

describe('a row looked for', () => {
  it('is found as the hub finds it: a code trimmed and in any case, an artifact by number', () => {
    const rows = [
      mappingRow(' fda-1572 '),
      mappingRow('CV', { artifactNumber: '05.02.04' }),
      mappingRow('FDA-1572X'),
      mappingRow('LOG'),
    ];
    expect(rowsMatching(rows, { kind: 'code', value: 'FDA-1572' })).toEqual([0]);
    expect(rowsMatching(rows, { kind: 'artifact', value: '05.04.04' })).toEqual([0, 2, 3]);
    expect(rowsMatching(rows, { kind: 'artifact', value: '05.02.08' })).toEqual([]);
  });

  it('is added begun: its code, or its artifact with what that implies', () => {
    expect(rowForLookup({ kind: 'code', value: 'FDA-1572' }, INDEX)).toMatchObject({
      sourceCode: 'FDA-1572',
      artifactNumber: '',
    });
    expect(rowForLookup({ kind: 'artifact', value: '05.02.04' }, INDEX)).toMatchObject({
      sourceCode: '',
      artifactNumber: '05.02.04',
      filingLevel: 'site',
      requiredMetadata: ['personName', 'site'],
    });
    expect(rowForLookup({ kind: 'artifact', value: '99.99.99' }, INDEX)).toMatchObject({
      artifactNumber: '99.99.99',
      filingLevel: '',
    });
  });
});
