import type { DistributionSite } from '@ccsc/contract/distributions';
import { useTranslation } from 'react-i18next';

const TONE: Record<DistributionSite['state'], string> = {
  pending: 'text-bg-secondary',
  delivered: 'text-bg-info',
  held: 'text-bg-warning',
  acknowledged: 'text-bg-success',
  overdue: 'text-bg-danger',
};

/** A site's state on a distribution, in words (the colour only repeats them). */
export const SiteStateBadge = ({ state }: { state: DistributionSite['state'] }) => {
  const { t } = useTranslation();
  return <span className={`badge ${TONE[state]}`}>{t(`distributions.state.${state}`)}</span>;
};
