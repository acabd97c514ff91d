import { METADATA_FOR_LEVEL, type MappingRow } from '@ccsc/contract/standard-rows';
import { catalogueOf, type FilingLevel } from '@ccsc/contract/tmf-catalogue';

/**
 * The TMF Reference Model as a mapping standard's rows (issue 37, "a new standard started from
 * the Reference Model template"): one row per artifact of the catalogue version, the artifact's
 * own number as the system's type code and its name as the type's name, zone and section as the
 * path, mapped to itself (equal). Each is filed at the level the organisation works at (a site's
 * documents at site level, a sponsor's or a CRO's at trial level) where the model allows it, else
 * at the first level the model allows, with what that level requires (its country, its site);
 * a personal artifact (CVs, licences …) requires the person's name. A system that files by the
 * model's numbers uses it as it is; any other starts from it and renames its codes.
 */
export const referenceModelRows = (
  catalogueVersion: string,
  organisationKind: 'site' | 'sponsor' | 'cro',
): MappingRow[] => {
  const own: FilingLevel = organisationKind === 'site' ? 'site' : 'trial';
  const catalogue = catalogueOf(catalogueVersion);
  if (catalogue === null) return [];
  return catalogue.zones.flatMap((zone) =>
    zone.sections.flatMap((section) =>
      section.artifacts.map((artifact): MappingRow => {
        const level = artifact.levels.includes(own) ? own : (artifact.levels[0] ?? '');
        const forLevel = level === '' ? undefined : METADATA_FOR_LEVEL[level];
        return {
          sourceCode: artifact.number,
          sourceName: artifact.name,
          sourcePath: `${zone.name} / ${section.name}`,
          artifactNumber: artifact.number,
          subArtifact: '',
          filingLevel: level,
          // What the model's rules ask of a row at its level, and of a personal artifact.
          requiredMetadata: [
            ...(artifact.personal ? (['personName'] as const) : []),
            ...(forLevel === undefined ? [] : [forLevel]),
          ],
          equivalence: 'equal',
          comment: '',
        };
      }),
    ),
  );
};
