import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ScreenIntro } from '../../../components/screen-intro';
import { paths } from '../../../config/paths';
import { StandardEditor } from './standard-editor';

/**
 * /admin/artifact/view-edit-standard?standardId=…&version=… (issue 16): one version of a standard
 * (the newest without `version`). Each version is its own page: another version, or a new one,
 * starts the editor afresh. `&code=…` or `&artifact=…` (a held document's "Map this type", issue
 * 17) looks for the row of a document type or an artifact: see RowLookupNotice.
 */
export const ViewEditStandardPage = () => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const standardId = params.get('standardId');
  const versionText = params.get('version');
  const version =
    versionText !== null && /^[1-9][0-9]{0,5}$/.test(versionText) ? Number(versionText) : undefined;
  if (standardId === null || standardId.trim() === '') {
    return (
      <>
        <ScreenIntro
          heading={t('standards.viewEditHeading')}
          description={t('standards.viewEditDescription')}
        />
        <p className="alert alert-secondary" role="status">
          {t('standards.editor.noneChosen')}{' '}
          <Link to={paths.admin.standards}>{t('standards.backToList')}</Link>
        </p>
      </>
    );
  }
  return (
    <StandardEditor
      key={`${standardId}@${String(version ?? 'newest')}`}
      standardId={standardId}
      version={version}
    />
  );
};
