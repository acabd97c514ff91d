import { describe, expect, it } from 'vitest';
import { protectCell, unprotectCell } from './spreadsheet-cells';

describe('spreadsheet cells', () => {
  it('protects what a spreadsheet would run as a formula, and nothing else', () => {
    for (const text of ['=1+1', '+49 151', '-1', '@SUM(A1)', '\tx', '\rx']) {
      expect(protectCell(text)).toBe(`'${text}`);
      expect(unprotectCell(protectCell(text))).toBe(text);
    }
    for (const text of ['plain', "'quoted", '', ' =1']) {
      expect(protectCell(text)).toBe(text);
      expect(unprotectCell(text)).toBe(text);
    }
  });
});
