import type { TFunction } from 'i18next';

/**
 * A file problem (the contract's CSV and table readers speak English) in the reader's language:
 * each message the readers write is recognised by its shape and said again with its values; one
 * the console does not know is shown as it is.
 */
const PATTERNS: [RegExp, (t: TFunction, m: RegExpMatchArray) => string][] = [
  [/^The file is empty\.$/, (t) => t('standards.fileProblem.empty')],
  [
    /^Unknown column "(.*)"\. The columns are: (.*)\.$/,
    (t, m) => t('standards.fileProblem.unknownColumn', { column: m[1], columns: m[2] }),
  ],
  [
    /^The column "(.*)" appears twice\.$/,
    (t, m) => t('standards.fileProblem.columnTwice', { column: m[1] }),
  ],
  [
    /^The column "(.*)" is missing\.$/,
    (t, m) => t('standards.fileProblem.columnMissing', { column: m[1] }),
  ],
  [
    /^The file has (\d+) rows; a standard has at most (\d+)\.$/,
    (t, m) => t('standards.fileProblem.tooManyRows', { rows: m[1], max: m[2] }),
  ],
  [
    /^The row has more cells than the header has columns\.$/,
    (t) => t('standards.fileProblem.extraCells'),
  ],
  [
    /^Filing level "(.*)" is not one of (.*)\.$/,
    (t, m) => t('standards.fileProblem.badLevel', { value: m[1], allowed: m[2] }),
  ],
  [
    /^Equivalence "(.*)" is not one of (.*)\.$/,
    (t, m) => t('standards.fileProblem.badEquivalence', { value: m[1], allowed: m[2] }),
  ],
  [
    /^Metadata "(.*)" is not one of (.*)\.$/,
    (t, m) => t('standards.fileProblem.badMetadata', { value: m[1], allowed: m[2] }),
  ],
  [/^A quoted field is not closed\.$/, (t) => t('standards.fileProblem.unclosedQuote')],
  [/^Text follows a closing quote/, (t) => t('standards.fileProblem.textAfterQuote')],
];

export const fileProblemText = (t: TFunction, message: string): string => {
  for (const [pattern, say] of PATTERNS) {
    const match = message.match(pattern);
    if (match !== null) return say(t, match);
  }
  return message;
};
