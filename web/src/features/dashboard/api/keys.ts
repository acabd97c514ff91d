import type { DashboardOperation } from '../hooks/use-dashboard-block';

/** The dashboard's query keys (TanStack Query), one per block, in one place. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  block: (operation: DashboardOperation) => [...dashboardKeys.all, operation] as const,
};
