import { describe, expect, it } from 'vitest';
import { exportFileName } from './csv-export';

describe('exportFileName', () => {
  it('names files by kind and UTC minute', () => {
    expect(exportFileName('users', new Date('2026-11-22T14:05:59Z'))).toBe(
      'users-2026-11-22-1405.csv',
    );
  });
});
