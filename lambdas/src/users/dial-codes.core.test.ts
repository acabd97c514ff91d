import { describe, expect, it } from 'vitest';
import { phone } from 'phone';
import { routes } from '@ccsc/contract/routes';
import { callerContext } from '../core/testing/fakes';
import { getMobDialCode, mobileDialCodes } from './dial-codes.core';

/** get-mob-dial-code: the phone picker's country dial codes, from the `phone` library. */

describe('get-mob-dial-code', () => {
  it('serves every country of the phone library once, by name, with its dial code', async () => {
    const { dialCodes } = await getMobDialCode({}, callerContext(), undefined);
    expect(routes['get-mob-dial-code'].response.safeParse({ dialCodes }).success).toBe(true);
    expect(dialCodes.length).toBeGreaterThan(200);
    expect(new Set(dialCodes.map((d) => d.countryCode)).size).toBe(dialCodes.length);
    expect(dialCodes).toEqual(
      expect.arrayContaining([
        { countryCode: 'DE', name: 'Germany', dialCode: '+49' },
        { countryCode: 'GB', name: 'United Kingdom', dialCode: '+44' },
        { countryCode: 'TR', name: 'Turkey', dialCode: '+90' },
        { countryCode: 'US', name: 'United States', dialCode: '+1' },
      ]),
    );
    const names = dialCodes.map((d) => d.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('writes each code as the picker needs it: an ISO alpha-2 country and a plus with digits', async () => {
    const { dialCodes } = await getMobDialCode({}, callerContext(), undefined);
    for (const d of dialCodes) {
      expect(d.countryCode, d.name).toMatch(/^[A-Z]{2}$/u);
      expect(d.dialCode, d.name).toMatch(/^\+[0-9]{1,4}$/u);
      expect(d.name.trim(), d.countryCode).not.toBe('');
    }
  });

  it('offers the dial codes the mobile-number check accepts (the same library)', async () => {
    const { dialCodes } = await getMobDialCode({}, callerContext(), undefined);
    const codeOf = new Map(dialCodes.map((d) => [d.countryCode, d.dialCode]));
    const mobiles: [string, string][] = [
      ['DE', '15123456789'],
      ['GB', '7700900123'],
      ['US', '2015550123'],
      ['TR', '5321234567'],
    ];
    for (const [country, national] of mobiles) {
      const checked = phone(`${codeOf.get(country) ?? ''}${national}`);
      expect(checked, country).toMatchObject({ isValid: true, countryIso2: country });
    }
  });

  it('answers every reader alike, whatever their role or organisation', async () => {
    const readers = [
      callerContext({ role: 'PlatformAdmin' }),
      callerContext({ role: 'OrgAdmin', organisationId: 'site-001' }),
      callerContext({ role: 'Auditor', organisationId: null }),
      callerContext({ role: 'Auditor', organisationId: 'sponsor-002' }),
    ];
    const answers = await Promise.all(readers.map((ctx) => getMobDialCode({}, ctx, undefined)));
    for (const answer of answers) expect(answer).toEqual({ dialCodes: mobileDialCodes() });
  });
});
