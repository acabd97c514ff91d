import {
  type Role,
  type UserAttributes,
  userAttributesSchema,
  type UserListItem,
} from '@ccsc/contract';
import type { FieldErrors, Resolver } from 'react-hook-form';
import type { DialCode } from '../hooks/use-reference-data';

/** The form as the user fills it: the phone in two parts, everything else as text. */
export interface UserFormValues {
  email: string;
  givenName: string;
  familyName: string;
  /** "+49", or '' for no number. */
  dialCode: string;
  nationalNumber: string;
  role: Role | '';
  /** An organisation's id; '' for none chosen yet; EVERY_ORGANISATION for an Auditor of all. */
  organisationId: string;
}

/**
 * The organisation choice "every organisation": an Auditor with no organisation, who reads them
 * all (issue 12; only a PlatformAdmin may give it). Sent as organisationId null (the server never
 * takes it as a default). The contract's identifiers cannot contain "*", so no organisation is
 * named so.
 */
export const EVERY_ORGANISATION = '*';

export const EMPTY_FORM: UserFormValues = {
  email: '',
  givenName: '',
  familyName: '',
  dialCode: '',
  nationalNumber: '',
  role: '',
  organisationId: '',
};

export type FormField = keyof UserFormValues;
/** A problem on a field: a contract message (shown translated) or a key of the users texts. */
type FieldProblems = Partial<Record<FormField, string>>;

const FIELD_OF: Record<string, FormField> = {
  email: 'email',
  givenName: 'givenName',
  familyName: 'familyName',
  phoneNumber: 'nationalNumber',
  role: 'role',
  organisationId: 'organisationId',
};

/**
 * The form's field of a server path (create-user and update-user name them inside
 * `userAttributes.`; the phone is the number's field), or null for one the form does not show.
 */
export const userFieldOf = (path: string): FormField | null =>
  FIELD_OF[path.replace(/^userAttributes\./, '')] ?? null;

/** The longest dial code that starts the number: +1 and +1242 both exist. */
const splitPhone = (phone: string | null, dialCodes: DialCode[]) => {
  if (!phone) return { dialCode: '', nationalNumber: '' };
  const code = dialCodes
    .map((d) => d.dialCode)
    .filter((c) => phone.startsWith(c))
    .sort((a, b) => b.length - a.length)[0];
  return code === undefined
    ? { dialCode: '', nationalNumber: phone.replace(/^\+/, '') }
    : { dialCode: code, nationalNumber: phone.slice(code.length) };
};

export const formOf = (user: UserListItem, dialCodes: DialCode[]): UserFormValues => ({
  email: user.email,
  givenName: user.givenName ?? '',
  familyName: user.familyName ?? '',
  ...splitPhone(user.phoneNumber, dialCodes),
  role: user.role ?? '',
  organisationId: user.organisationId ?? (user.role === 'Auditor' ? EVERY_ORGANISATION : ''),
});

/**
 * Where a role may be placed, as the server's checkPlacement (create-user.core.ts) says: a
 * PlatformAdmin belongs to no organisation, an OrgAdmin to exactly one, an Auditor to one or to
 * none (EVERY_ORGANISATION). The organisation to send: an id, or null for none.
 */
const placementOf = (
  role: Role | '',
  organisationId: string,
): { organisationId: string | null } | { problem: string } => {
  if (role === 'PlatformAdmin' || role === '') return { organisationId: null };
  if (organisationId === EVERY_ORGANISATION && role === 'Auditor') return { organisationId: null };
  if (organisationId === '' || organisationId === EVERY_ORGANISATION) {
    return { problem: 'users.form.required' };
  }
  return { organisationId };
};

export interface FormRules {
  /**
   * The user has a mobile number: update-user can replace it but not remove it (an absent
   * phoneNumber keeps the old one), so an emptied number is a problem rather than a silent no-op.
   */
  phoneRequired?: boolean;
}

/**
 * The form's own rules, before the contract's: the phone's two parts, the fields left empty and
 * where the role may be placed. Returns what the contract is then asked about (the attributes as
 * they would be sent) and the problems found so far.
 */
const ownChecks = (values: UserFormValues, rules: FormRules) => {
  const problems: FieldProblems = {};
  const digits = values.nationalNumber.replace(/[\s-]/g, '');
  if (digits !== '' && !/^[0-9]+$/.test(digits)) problems.nationalNumber = 'users.form.phoneDigits';
  else if (rules.phoneRequired && digits === '' && values.dialCode === '') {
    problems.nationalNumber = 'users.form.phoneKept';
  } else if ((digits === '') !== (values.dialCode === '')) {
    problems.nationalNumber = 'users.form.phoneIncomplete';
  }
  const placement = placementOf(values.role, values.organisationId);
  const candidate = {
    email: values.email,
    givenName: values.givenName,
    familyName: values.familyName,
    ...(digits !== '' && values.dialCode !== ''
      ? { phoneNumber: `${values.dialCode}${digits}` }
      : {}),
    role: values.role === '' ? undefined : values.role,
    // An Auditor of every organisation is asked for with null (never the default); a
    // PlatformAdmin's organisation is left out.
    ...('organisationId' in placement &&
    (placement.organisationId !== null || values.role === 'Auditor')
      ? { organisationId: placement.organisationId }
      : {}),
  };
  for (const field of ['email', 'givenName', 'familyName', 'role'] as const) {
    if (values[field].trim() === '') problems[field] = 'users.form.required';
  }
  if ('problem' in placement) problems.organisationId = placement.problem;
  return { candidate, problems };
};

/**
 * The user form's resolver (react-hook-form): the form's own rules, then the server's own schema
 * (the contract's `userAttributesSchema`) on the attributes as they would be sent, each field its
 * first problem, the form's own first. Valid, it yields the attributes to send.
 */
export const userFormResolver =
  (rules: FormRules = {}): Resolver<UserFormValues, unknown, UserAttributes> =>
  (values) => {
    const { candidate, problems } = ownChecks(values, rules);
    const parsed = userAttributesSchema.safeParse(candidate);
    if (parsed.success && Object.keys(problems).length === 0) {
      return { values: parsed.data, errors: {} };
    }
    for (const issue of parsed.error?.issues ?? []) {
      const field = FIELD_OF[String(issue.path[0] ?? '')];
      if (field !== undefined) problems[field] ??= issue.message;
    }
    const errors: FieldErrors<UserFormValues> = {};
    for (const field of Object.values(FIELD_OF)) {
      const message = problems[field];
      if (message !== undefined) errors[field] = { type: 'validate', message };
    }
    return { values: {}, errors };
  };
