import type { ImportedSignature } from '@ccsc/contract/documents';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/dates';

/** An xs:dateTime that names its offset (Z, +01:00): only such a moment is a point in time. */
const HAS_OFFSET = /(?:Z|[+-][0-9]{2}:[0-9]{2})$/u;

/**
 * Who signed a file an import filed, as the package states it (issue 34 item 6: its SIGNATUREs):
 * one line each under the file's name. A moment stated without an offset is shown as written,
 * not read as the viewer's local time.
 */
export const FiledSignatures = ({ signatures }: { signatures: readonly ImportedSignature[] }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  if (signatures.length === 0) return null;
  return (
    <ul className="list-unstyled mb-0 text-body-secondary" data-testid="filed-signatures">
      {signatures.map((s, at) => (
        <li key={at}>
          {t(`documents.import.signed.${s.methodology}`, {
            name: s.signerName,
            id: s.signerId,
            when: HAS_OFFSET.test(s.signedAt) ? formatDateTime(s.signedAt, language) : s.signedAt,
            reason: s.reason,
          })}
        </li>
      ))}
    </ul>
  );
};
