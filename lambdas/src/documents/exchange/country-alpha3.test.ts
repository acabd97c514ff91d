import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '@ccsc/contract/countries';
import phoneData from 'phone/dist/data/country_phone_data';
import { ALPHA3_PAIRS, alpha3Of } from './country-alpha3';

describe('alpha3Of', () => {
  it('knows every country the registry stores, each its own code, as the phone package says', () => {
    expect([...ALPHA3_PAIRS.keys()].sort()).toEqual([...COUNTRY_CODES].sort());
    const values = [...ALPHA3_PAIRS.values()];
    expect(new Set(values).size).toBe(values.length);
    for (const code of values) expect(code).toMatch(/^[A-Z]{3}$/);
    // A second source for the countries it has (it leaves out those without a dialling plan).
    for (const { alpha2, alpha3 } of phoneData) {
      if (ALPHA3_PAIRS.has(alpha2))
        expect(`${alpha2} ${String(alpha3Of(alpha2))}`).toBe(`${alpha2} ${alpha3}`);
    }
  });

  it('takes any case and answers null for what is no country', () => {
    expect(alpha3Of('de')).toBe('DEU');
    expect(alpha3Of('GB')).toBe('GBR');
    expect(alpha3Of('XX')).toBeNull();
  });
});
