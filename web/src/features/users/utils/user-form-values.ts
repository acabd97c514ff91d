import { type Role, userAttributesSchema, type UserListItem } from '@ccsc/contract';
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
export type FieldProblems = Partial<Record<FormField, string>>;

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

/** The attributes the contract takes, and the problems the same schema as the server's finds. */
export const toAttributes = (values: UserFormValues, rules: FormRules = {}) => {
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
  const parsed = userAttributesSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = String(issue.path[0] ?? '');
      const field: FormField = path === 'phoneNumber' ? 'nationalNumber' : (path as FormField);
      problems[field] ??= issue.message;
    }
  }
  return Object.keys(problems).length === 0 && parsed.success
    ? { attributes: parsed.data, problems }
    : { attributes: null, problems };
};
