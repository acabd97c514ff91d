import { senderNameOf } from '../utils/document-rules';
import type { DocumentDetail } from '@ccsc/contract/documents';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { standardEditorPath } from '../utils/document-query';
import { HoldReasonBadge } from './document-badges';
import { TmfName } from '../../../components/tmf-name';

interface StepProps {
  heading: string;
  testId: string;
  children: ReactNode;
}

const Step = ({ heading, testId, children }: StepProps) => (
  <li className="col-lg-4" data-testid={testId}>
    <div className="card h-100">
      <div className="card-body">
        <h3 className="h6 card-title">{heading}</h3>
        {children}
      </div>
    </div>
  </li>
);

/** The mapping standard (and version) a step was mapped by, linked to its editor. */
const StandardLink = ({ standardId, version }: { standardId: string; version: number }) => {
  const { t } = useTranslation();
  return (
    <p className="small mb-0">
      <Link to={standardEditorPath(standardId, version)}>
        {t('documents.path.standardLink', { standardId, version })}
      </Link>
    </p>
  );
};

/** One fact of the artifact, on a line: "Filing level: Site". */
const Fact = ({ term, children }: { term: string; children: ReactNode }) => (
  <div>
    <dt className="d-inline fw-normal text-body-secondary">{term}:</dt>{' '}
    <dd className="d-inline mb-0">{children}</dd>
  </div>
);

/** A code and its name: "ISF-VL Visit log". */
const Coded = ({ code, name }: { code: string; name: string | null }) => (
  <p className="mb-1">
    <span className="font-monospace fw-semibold">{code}</span>
    {name !== null && name !== '' && <TmfName className="ms-2">{name}</TmfName>}
  </p>
);

/**
 * How the hub classified the document, in three steps: the sender's document type (by the
 * sender's mapping standard) → the TMF Reference Model artifact → the receiver's document type
 * (by the receiver's standard). Each standard links to its editor at the version that mapped it.
 * A step not reached yet says so; the step a mapping hold stops at carries the reason.
 */
export const ClassificationPath = ({ document }: { document: DocumentDetail }) => {
  const { t } = useTranslation();
  const c = document.classification;
  const reason = document.holdReason;
  const heldAt = (side: 'sender-' | 'receiver-') =>
    reason !== null && reason.startsWith(side) ? <HoldReasonBadge reason={reason} /> : null;
  const notYet = <p className="text-body-secondary mb-1">{t('documents.path.notYet')}</p>;

  return (
    <ol className="list-unstyled row g-3 mb-0" aria-label={t('documents.path.heading')}>
      <Step heading={t('documents.path.sender')} testId="path-sender">
        <Coded code={c?.sender.typeCode ?? document.typeCode} name={c?.sender.typeName ?? null} />
        <p className="small text-body-secondary mb-1">
          {t('documents.path.ofSystem', {
            system: senderNameOf(document.sender, t),
            organisation: document.sender.organisationName,
          })}
        </p>
        {c !== null &&
          (c.sender.standardId === '' ? (
            <p className="small text-body-secondary mb-1">{t('documents.path.byImport')}</p>
          ) : (
            <StandardLink standardId={c.sender.standardId} version={c.sender.version} />
          ))}
        {heldAt('sender-')}
      </Step>
      <Step heading={t('documents.path.artifact')} testId="path-artifact">
        {c === null ? (
          document.artifactNumber === null ? (
            notYet
          ) : (
            <Coded code={document.artifactNumber} name={null} />
          )
        ) : (
          <>
            <Coded code={c.artifactNumber} name={c.artifactName} />
            <dl className="small mb-0">
              <Fact term={t('documents.path.zoneSection')}>
                <TmfName>
                  {c.zoneName} / {c.sectionName}
                </TmfName>
              </Fact>
              <Fact term={t('documents.path.subArtifact')}>
                {c.subArtifact === '' ? '—' : c.subArtifact}
              </Fact>
              <Fact term={t('documents.path.filingLevel')}>
                {t(`documents.level.${c.filingLevel}`)}
              </Fact>
              <Fact term={t('documents.path.catalogue')}>
                {t('documents.path.catalogueName', { version: c.catalogueVersion })}
              </Fact>
            </dl>
          </>
        )}
      </Step>
      <Step heading={t('documents.path.receiver')} testId="path-receiver">
        {c?.receiver ? (
          <Coded code={c.receiver.typeCode} name={c.receiver.typeName} />
        ) : document.receiverTypeCode === null ? (
          notYet
        ) : (
          <Coded code={document.receiverTypeCode} name={null} />
        )}
        <p className="small text-body-secondary mb-1">
          {t('documents.path.ofSystem', {
            system: document.receiver.name,
            organisation: document.receiver.organisationName,
          })}
        </p>
        {c?.receiver && (
          <StandardLink standardId={c.receiver.standardId} version={c.receiver.version} />
        )}
        {heldAt('receiver-')}
      </Step>
    </ol>
  );
};
