import type { ResponseOf } from '@ccsc/contract';
import { paths } from '../../../config/paths';

/** artifact/study-completeness's answer: the study's TMF at artifact level. */
export type StudyCompleteness = ResponseOf<'artifact/study-completeness'>;
export type CompletenessArtifact = StudyCompleteness['artifacts'][number];
export type CompletenessSite = StudyCompleteness['sites'][number];
/** What of the catalogue (artifact/catalogue) names the zones and sections. */
interface CatalogueOutline {
  zones: readonly {
    number: string;
    name: string;
    sections: readonly { number: string; name: string }[];
  }[];
}

/** A study's completeness page (`?studyId=…`). */
export const completenessPath = (studyId: string): string =>
  `${paths.admin.documentCompleteness}?${new URLSearchParams({ studyId }).toString()}`;

/** The zone of an artifact number: its first two digits ("05" of "05.04.04"). */
export const zoneOf = (artifactNumber: string): string => artifactNumber.slice(0, 2);
/** The section of an artifact number: zone and section ("05.04" of "05.04.04"). */
export const sectionOf = (artifactNumber: string): string => artifactNumber.slice(0, 5);

/** The zones' and sections' names by number, from the catalogue (the answer has none). */
export type ZoneNames = ReadonlyMap<string, string>;
export const namesOf = (catalogue: CatalogueOutline): ZoneNames =>
  new Map(
    catalogue.zones.flatMap((zone) => [
      [zone.number, zone.name] as const,
      ...zone.sections.map((section) => [section.number, section.name] as const),
    ]),
  );

export interface SectionGroup {
  number: string;
  artifacts: CompletenessArtifact[];
}
export interface ZoneGroup {
  number: string;
  sections: SectionGroup[];
  /** The zone's artifacts shown. */
  count: number;
}

/** Which artifacts to show: the core ones only, the empty ones only, or both, or all. */
export interface ArtifactFilter {
  coreOnly: boolean;
  emptyOnly: boolean;
}

/** Whether the artifact holds anything for the study: documents exchanged or files imported. */
export const holdsFiles = (artifact: CompletenessArtifact): boolean =>
  artifact.documents > 0 || artifact.imported > 0;

export const artifactShown = (artifact: CompletenessArtifact, filter: ArtifactFilter): boolean =>
  (!filter.coreOnly || artifact.core) && (!filter.emptyOnly || !holdsFiles(artifact));

/**
 * The artifacts the filter keeps, grouped by zone (first two digits) and section (first four), in
 * the answer's order (the catalogue's); a zone or section the filter empties is left out.
 */
export const groupArtifacts = (
  artifacts: readonly CompletenessArtifact[],
  filter: ArtifactFilter,
): ZoneGroup[] => {
  const zones = new Map<string, ZoneGroup>();
  const sections = new Map<string, SectionGroup>();
  for (const artifact of artifacts) {
    if (!artifactShown(artifact, filter)) continue;
    const zoneNumber = zoneOf(artifact.number);
    let zone = zones.get(zoneNumber);
    if (zone === undefined) {
      zone = { number: zoneNumber, sections: [], count: 0 };
      zones.set(zoneNumber, zone);
    }
    const sectionNumber = sectionOf(artifact.number);
    let section = sections.get(sectionNumber);
    if (section === undefined) {
      section = { number: sectionNumber, artifacts: [] };
      sections.set(sectionNumber, section);
      zone.sections.push(section);
    }
    section.artifacts.push(artifact);
    zone.count += 1;
  }
  return [...zones.values()];
};

/** How many of a site's core site-level artifacts hold a document. */
export const filedCore = (site: CompletenessSite): number =>
  Math.max(0, site.coreSiteArtifacts - site.missingCore.length);

/** The share of them, 0 to 100 (100 when there are none to file). */
export const filedPercent = (site: CompletenessSite): number =>
  site.coreSiteArtifacts === 0 ? 100 : Math.round((filedCore(site) / site.coreSiteArtifacts) * 100);
