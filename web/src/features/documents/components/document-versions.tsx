import type { DocumentDetail } from '@ccsc/contract/documents';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { documentPath } from '../utils/document-query';

const Fact = ({ term, children }: { term: string; children: ReactNode }) => (
  <>
    <dt className="col-sm-4 col-xl-3">{term}</dt>
    <dd className="col-sm-8 col-xl-9">{children}</dd>
  </>
);

const DocumentLink = ({ documentId }: { documentId: string }) => (
  <Link to={documentPath(documentId)} className="font-monospace">
    {documentId}
  </Link>
);

/**
 * A document's versions and signature (issue 34): the earlier version it supersedes and the later
 * one that superseded it, each a link to that document, and the signature its sender stated.
 */
export const DocumentVersions = ({ document: d }: { document: DocumentDetail }) => {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const signature = d.signature;
  return (
    <section className="mb-4">
      <h2 className="h5">{t('documents.detail.versions.heading')}</h2>
      <dl className="row small" data-testid="document-versions">
        <Fact term={t('documents.detail.versions.supersedes')}>
          {d.supersedesDocumentId === null ? (
            <span className="text-body-secondary">{t('documents.detail.versions.first')}</span>
          ) : (
            <DocumentLink documentId={d.supersedesDocumentId} />
          )}
        </Fact>
        <Fact term={t('documents.detail.versions.supersededBy')}>
          {d.supersededByDocumentId === null ? (
            <span className="text-body-secondary">{t('documents.detail.versions.latest')}</span>
          ) : (
            <DocumentLink documentId={d.supersededByDocumentId} />
          )}
        </Fact>
        <Fact term={t('documents.detail.versions.signature')}>
          {signature === null ? (
            <span className="text-body-secondary">{t('documents.detail.versions.unsigned')}</span>
          ) : (
            t(`documents.detail.versions.${signature.methodology}`)
          )}
        </Fact>
        {signature !== null && (
          <>
            <Fact term={t('documents.detail.versions.signer')}>
              {signature.signerName}{' '}
              <span className="font-monospace text-body-secondary">({signature.signerId})</span>
            </Fact>
            <Fact term={t('documents.detail.versions.signedAt')}>
              <time dateTime={signature.signedAt}>
                {formatDateTime(signature.signedAt, language)}
              </time>
            </Fact>
            <Fact term={t('documents.detail.versions.reason')}>{signature.reason}</Fact>
          </>
        )}
      </dl>
    </section>
  );
};
