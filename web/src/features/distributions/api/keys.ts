/** The distributions' query keys (TanStack Query): a write invalidates by these. */
export const distributionKeys = {
  all: ['distributions'] as const,
  lists: () => [...distributionKeys.all, 'list'] as const,
  list: (cursor: string | undefined) => [...distributionKeys.lists(), cursor ?? null] as const,
  /** One distribution's tracking (distributions/get). */
  one: (distributionId: string) => [...distributionKeys.all, 'one', distributionId] as const,
  /** What a new distribution may send: the sponsor's delivered documents. */
  sources: () => [...distributionKeys.all, 'sources'] as const,
  /** The active sites of a study (list-connections). */
  sites: (studyId: string) => [...distributionKeys.all, 'sites', studyId] as const,
};
