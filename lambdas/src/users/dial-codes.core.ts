import { countryPhoneData } from 'phone';
import type { routes } from '@ccsc/contract/routes';
import type { Core } from '../core/request';

/**
 * Country dial codes for the phone picker (SPEC §7 get-mob-dial-code), from the `phone` library's
 * country data (maintained with the numbering plans; the same library validates mobile numbers
 * per country), sorted by country name. Computed once per container.
 */
let dialCodes: { countryCode: string; name: string; dialCode: string }[] | undefined;

export const mobileDialCodes = () =>
  (dialCodes ??= countryPhoneData
    .map((c) => ({ countryCode: c.alpha2, name: c.country_name, dialCode: `+${c.country_code}` }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en')));

export const getMobDialCode: Core<(typeof routes)['get-mob-dial-code'], void> = () =>
  Promise.resolve({ dialCodes: mobileDialCodes() });
