import { useTranslation } from 'react-i18next';
import { ScreenIntro } from '../../../components/screen-intro';
import { useRuntimeConfig } from '../../../config/runtime-config';
import { ActivityBlock } from './activity-block';
import { NeedsActionBlock } from './needs-action-block';
import { RecentChangesBlock } from './recent-changes-block';
import { SecurityBlock } from './security-block';

/**
 * The dashboard (SPEC §2, issue 18), where every sign-in lands: what needs an administrator,
 * the exchange's activity, security events and the last administrative changes, within the
 * caller's reach. Four blocks, each its own call, loading, failing and refreshing on its own;
 * every figure a link to the list that explains it.
 */
export const DashboardPage = () => {
  const { t } = useTranslation();
  const { productName } = useRuntimeConfig();
  return (
    <>
      <ScreenIntro
        heading={t('dashboard.heading')}
        description={t('dashboard.description', { product: productName })}
      />
      <div className="row g-4">
        <div className="col-xl-6">
          <NeedsActionBlock />
        </div>
        <div className="col-xl-6">
          <SecurityBlock />
        </div>
        <div className="col-12">
          <ActivityBlock />
        </div>
        <div className="col-12">
          <RecentChangesBlock />
        </div>
      </div>
    </>
  );
};
