import { createHash } from 'node:crypto';
import { CATALOGUES } from '@ccsc/contract/tmf-catalogue';
import { describe, expect, it } from 'vitest';
import { XS_ANY_URI } from './ems-schema';
import {
  ExchangeLayoutError,
  contentUrlOf,
  entryOfContentUrl,
  findExchangeXml,
  integrityOf,
  safeFileName,
  uniquePath,
} from './layout';
import { parseIntegrity } from './integrity-forms';
import { unsafePathReason } from './zip-paths';

const MODEL = CATALOGUES['3.3'];

describe('contentUrlOf', () => {
  it('files a document under zone, section and artifact number and name', () => {
    expect(contentUrlOf('05.02.01', 'IB receipt.pdf', MODEL)).toBe(
      '05/05.02/05.02.01.Acceptance of Investigator Brochure/IB receipt.pdf',
    );
    expect(contentUrlOf('01.01.01', 'plan.pdf', MODEL)).toBe(
      '01/01.01/01.01.01.Trial Master File Plan/plan.pdf',
    );
  });

  it('gives every artifact of the model a path a ZIP and the schema accept', () => {
    for (const zone of MODEL.zones) {
      for (const section of zone.sections) {
        for (const artifact of section.artifacts) {
          const path = contentUrlOf(artifact.number, 'Résumé: v2 #3 [final]?.pdf', MODEL);
          expect(unsafePathReason(path)).toBeNull();
          expect(XS_ANY_URI.problem(path)).toBeNull();
        }
      }
    }
  });

  it('refuses an artifact the model does not have', () => {
    expect(() => contentUrlOf('05.02.15', 'x.pdf', MODEL)).toThrow(ExchangeLayoutError);
    expect(() => contentUrlOf('5.2.1', 'x.pdf', MODEL)).toThrow(
      '5.2.1 is not an artifact of the TMF Reference Model 3.3.',
    );
  });
});

describe('safeFileName', () => {
  it('keeps ordinary names, letters of any script and single spaces', () => {
    expect(safeFileName('Prüfplan 日本語 v1.pdf')).toBe('Prüfplan 日本語 v1.pdf');
  });

  it('replaces what a file system or a URI would take otherwise', () => {
    expect(safeFileName('a/b\\c:d*e?f"g<h>i|j#k%l[m]n.pdf')).toBe(
      'a_b_c_d_e_f_g_h_i_j_k_l_m_n.pdf',
    );
    expect(safeFileName('  two   spaces\tand tab .pdf. ')).toBe('two spaces_and tab .pdf');
    expect(safeFileName('CON.pdf')).toBe('_CON.pdf');
    expect(safeFileName('..')).toBe('_');
    expect(safeFileName('')).toBe('_');
  });

  it('shortens long names and keeps the extension', () => {
    const name = safeFileName(`${'x'.repeat(300)}.pdf`);
    expect(Array.from(name)).toHaveLength(120);
    expect(name.endsWith('x.pdf')).toBe(true);
  });
});

describe('uniquePath', () => {
  it('numbers a path already taken, ignoring case', () => {
    const taken = new Set<string>();
    expect(uniquePath('05/a.pdf', taken)).toBe('05/a.pdf');
    expect(uniquePath('05/A.pdf', taken)).toBe('05/A (2).pdf');
    expect(uniquePath('05/a.pdf', taken)).toBe('05/a (3).pdf');
    expect(uniquePath('05.02/readme', taken)).toBe('05.02/readme');
    expect(uniquePath('05.02/readme', taken)).toBe('05.02/readme (2)');
  });
});

describe('integrity', () => {
  const hex = createHash('sha256').update('document').digest('hex');

  it('is written in the Subresource Integrity form the standard’s text names', () => {
    // Subresource Integrity: sha256-<base64 of the digest>, read back as the same hex.
    expect(integrityOf(hex.toUpperCase())).toBe(
      `sha256-${Buffer.from(hex, 'hex').toString('base64')}`,
    );
    expect(parseIntegrity(integrityOf(hex))).toEqual({ algorithm: 'sha256', hex });
    expect(() => integrityOf('abc')).toThrow(RangeError);
  });
});

describe('finding files in a package', () => {
  it('finds the exchange.xml at the top, or in the one folder that holds it', () => {
    expect(findExchangeXml(['a/b.pdf', 'exchange.xml', 'x/exchange.xml'])).toBe('exchange.xml');
    expect(findExchangeXml(['T1/05/x.pdf', 'T1/Exchange.XML'])).toBe('T1/Exchange.XML');
    expect(findExchangeXml(['a/exchange.xml', 'b/exchange.xml'])).toBeNull();
    expect(findExchangeXml(['a.pdf'])).toBeNull();
  });

  it('resolves a CONTENTURL next to the exchange.xml, as written or percent-decoded', () => {
    const names = new Set(['T1/05/05.02/a b.pdf', 'T1/exchange.xml', 'secret.txt']);
    expect(entryOfContentUrl('05/05.02/a b.pdf', 'T1/exchange.xml', names)).toBe(
      'T1/05/05.02/a b.pdf',
    );
    expect(entryOfContentUrl('./05/05.02/a%20b.pdf', 'T1/exchange.xml', names)).toBe(
      'T1/05/05.02/a b.pdf',
    );
    expect(entryOfContentUrl('05\\05.02\\a b.pdf', 'T1/exchange.xml', names)).toBe(
      'T1/05/05.02/a b.pdf',
    );
    expect(entryOfContentUrl('../secret.txt', 'T1/exchange.xml', names)).toBeNull();
    expect(entryOfContentUrl('/secret.txt', 'T1/exchange.xml', names)).toBeNull();
    expect(entryOfContentUrl('file:///secret.txt', 'T1/exchange.xml', names)).toBeNull();
    expect(entryOfContentUrl('05/missing.pdf', 'T1/exchange.xml', names)).toBeNull();
  });
});
