import { describe, expect, it } from 'vitest';
import { de } from './de';
import { en } from './en';
import { enMore } from './en-more';
import { tr } from './tr';

type Tree = { [key: string]: string | Tree };

const flatten = (tree: Tree, prefix = ''): Map<string, string> => {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [k, v] of flatten(value, path)) entries.set(k, v);
  }
  return entries;
};

/** Texts that are genuinely the same in German or Turkish as in English. */
const SAME_IN_TRANSLATION = new Set([
  'Info',
  // A file's name (the partner API's reference, issue 36).
  'openapi.json',
  // A loanword German uses as it is, and a duration in milliseconds (issue 36's webhooks).
  'Webhooks',
  'Webhooks: {{name}}',
  '{{ms}} ms',
  'English',
  'Deutsch',
  'Türkçe',
  // German shares these words with English.
  'Name',
  'Status',
  'Organisation',
  'System',
  'Authenticator',
  // The registry's terms of the trade (issue 14): the same in German, or in every language.
  'Sponsor',
  'Phase',
  'Phase I',
  'Phase I/II',
  'Phase II',
  'Phase II/III',
  'Phase III',
  'Phase IV',
  'eISF / eRegulatory',
  'eTMF',
  'CTMS',
  // The mapping standards' (issue 16): the same words in German.
  'Version',
  'Version {{version}}',
  'Person',
]);
/** Shorter texts may coincide ("Ok"). */
const SHORT = 3;

const english = flatten({ ...en, ...enMore });
// Word order differs between languages (Turkish names the total first): order is not compared.
const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe.each([
  ['de', de],
  ['tr', tr],
])('%s translation', (_language, translation) => {
  const translated = flatten(translation);

  it('has every English key and no other', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('translates every text that is not genuinely the same', () => {
    const untranslated = [...english]
      .filter(([, text]) => text.length > SHORT && !SAME_IN_TRANSLATION.has(text))
      .filter(([key, text]) => translated.get(key) === text)
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it('keeps the placeholders of every text', () => {
    for (const [key, text] of english) {
      expect({ key, placeholders: placeholders(translated.get(key) ?? '') }).toEqual({
        key,
        placeholders: placeholders(text),
      });
    }
  });

  it('has no empty text', () => {
    expect([...translated].filter(([, text]) => text.trim() === '')).toEqual([]);
  });
});

describe('English', () => {
  it('has no empty text', () => {
    expect([...english].filter(([, text]) => text.trim() === '')).toEqual([]);
  });
});

describe('audit actions', () => {
  it('each action the lambdas write has a readable label in every language (issue 37)', async () => {
    const { AUDIT_ACTION_KINDS } = await import('@ccsc/contract/audit-views');
    for (const [name, texts] of [
      ['en', flatten({ ...en, ...enMore })],
      ['de', flatten(de)],
      ['tr', flatten(tr)],
    ] as const) {
      const missing = Object.keys(AUDIT_ACTION_KINDS).filter(
        (action) => !texts.has(`auditAction.${action}`),
      );
      expect(missing, name).toEqual([]);
    }
    const actions = [...flatten({ auditAction: enMore.auditAction }).keys()];
    expect(actions.map((key) => key.slice('auditAction.'.length)).sort()).toEqual(
      Object.keys(AUDIT_ACTION_KINDS).sort(),
    );
  });
});

describe('accessible names', () => {
  it('a button’s name with its object ("…Named") contains its visible words, in every language (WCAG 2.5.3)', () => {
    for (const [language, texts] of [
      ['en', flatten({ ...en, ...enMore })],
      ['de', flatten(de)],
      ['tr', flatten(tr)],
    ] as const) {
      const norm = (text: string) => text.toLocaleLowerCase(language).replace(/\s+/gu, ' ');
      const mismatched = [...texts]
        .filter(([key]) => key.endsWith('Named') && !key.endsWith('zoneNamed'))
        .filter(([key, named]) => {
          const visible = texts.get(key.slice(0, -'Named'.length));
          return visible !== undefined && !norm(named).includes(norm(visible));
        })
        .map(([key]) => key);
      expect(mismatched, language).toEqual([]);
    }
  });
});
