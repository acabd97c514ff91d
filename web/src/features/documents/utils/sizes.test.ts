import { describe, expect, it } from 'vitest';
import { formatBytes, formatSize } from './sizes';

describe('file sizes for people', () => {
  it('uses bytes, kB and MB in the reader’s number format', () => {
    expect(formatSize(800, 'en')).toBe('800 bytes');
    expect(formatSize(1, 'en')).toBe('1 byte');
    expect(formatSize(12_345, 'en')).toBe('12.3 kB');
    expect(formatSize(1_234_567, 'en')).toBe('1.2 MB');
    expect(formatSize(1_234_567, 'de')).toBe('1,2 MB');
    expect(formatSize(1_234_567, 'tr')).toBe('1,2 MB');
    expect(formatSize(999_999, 'en')).toBe('1 MB');
    expect(formatSize(100_000_000, 'de')).toBe('100 MB');
    expect(formatSize(999_999_999, 'en')).toBe('1 GB');
    expect(formatSize(2_000_000_000, 'de')).toMatch(/^2\sGB$/);
    expect(formatSize(2_500_000_000, 'tr')).toBe('2,5 GB');
  });

  it('writes the exact size in the reader’s language', () => {
    expect(formatBytes(1_234_567, 'en')).toBe('1,234,567 bytes');
    expect(formatBytes(1_234_567, 'de')).toBe('1.234.567 Byte');
    expect(formatBytes(1_234_567, 'tr')).toBe('1.234.567 bayt');
  });
});
