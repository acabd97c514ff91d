import type { CandidateBasis } from '@ccsc/contract/documents';
import { indexCatalogue } from '@ccsc/contract/standard-rows';
import type { TmfArtifact, TmfCatalogue } from '@ccsc/contract/tmf-catalogue';
import { OTHER_NAMES, crosswalkOf, normaliseRelease } from './exchange/tmf-crosswalk';

/**
 * Which artifact of ours an imported object is (issue 34), through the crosswalk
 * (exchange/tmf-crosswalk.ts) by artifact number and name: certain, a conflict for a person to
 * resolve (why, and the candidates), or unknown. Never decided silently: where the package's
 * ARTIFACTNUMBER and UNIQUEID are not one artifact of ours, or its release has no crosswalk and
 * the name it gives does not confirm the number, the object is a conflict.
 */

export interface Candidate {
  number: string;
  name: string;
  basis: CandidateBasis;
}

export type Placement =
  | { kind: 'certain'; artifact: TmfArtifact }
  | { kind: 'conflict'; why: string; candidates: Candidate[]; statedName: string | null }
  | { kind: 'unknown'; detail: string };

export interface PlacementInput {
  tmfRmVersion: string;
  artifactNumber: string;
  uniqueId: number;
  /** Its files' CONTENTURLs: the artifact's folder names it as `<number>.<name>`. */
  contentUrls: readonly string[];
  subArtifact?: string | undefined;
}

/** A name as compared: case, accents, apostrophes and punctuation set aside. */
export const nameKey = (name: string): string =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/gu, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const otherNames = new Map<string, Set<string>>();
for (const o of OTHER_NAMES) {
  const known = otherNames.get(o.number) ?? new Set<string>();
  known.add(nameKey(o.name));
  otherNames.set(o.number, known);
}

/** The names an artifact answers to: its own, its other names, its sub-artifacts. */
const namesOf = (artifact: TmfArtifact): Set<string> =>
  new Set([
    nameKey(artifact.name),
    ...(otherNames.get(artifact.number) ?? []),
    ...artifact.subArtifacts.map(nameKey),
  ]);

/** The name the package gives the artifact: its folder `<number>.<name>` in a CONTENTURL. */
export const statedNameOf = (
  artifactNumber: string,
  contentUrls: readonly string[],
): string | null => {
  for (const url of contentUrls) {
    for (const segment of url.split('/')) {
      if (!segment.startsWith(artifactNumber)) continue;
      const rest = segment.slice(artifactNumber.length);
      const name = /^[.\s_-]+(.+)$/u.exec(rest)?.[1]?.trim();
      if (name !== undefined && name !== '') return name;
    }
  }
  return null;
};

const uid = (n: number) => String(n).padStart(3, '0');
const label = (a: TmfArtifact) => `${a.number} “${a.name}”`;

export const placeArtifact = (input: PlacementInput, catalogue: TmfCatalogue): Placement => {
  const index = indexCatalogue(catalogue);
  const crosswalk = crosswalkOf(input.tmfRmVersion);
  const byNumber = index.artifacts.get(input.artifactNumber);
  const byUniqueId = index.list.find((a) => Number(a.uniqueId) === input.uniqueId);
  const statedName = statedNameOf(input.artifactNumber, input.contentUrls);
  const stated = statedName === null ? null : nameKey(statedName);
  const byName = stated === null ? [] : index.list.filter((a) => namesOf(a).has(stated));
  const numberAndIdAgree = byNumber !== undefined && byUniqueId === byNumber;
  // The folder's name decides; without one, a SUBARTIFACT of the numbered artifact confirms it
  // (a SUBARTIFACT that is none of its examples proves nothing: they are free text).
  const sub = input.subArtifact === undefined ? null : nameKey(input.subArtifact);
  const nameAgrees =
    stated !== null
      ? byNumber !== undefined && namesOf(byNumber).has(stated)
      : sub !== null && byNumber !== undefined && namesOf(byNumber).has(sub)
        ? true
        : null;
  // A release numbered as ours: number and UNIQUEID agreeing is certain (folder names are the
  // sender's, often shortened: "01.01.01.TMF Plan"). Another release: the name must confirm it.
  const certain = numberAndIdAgree && (crosswalk !== null || nameAgrees === true);
  if (certain) return { kind: 'certain', artifact: byNumber };

  const candidates: Candidate[] = [];
  const add = (a: TmfArtifact | undefined, basis: CandidateBasis) => {
    if (a !== undefined && !candidates.some((c) => c.number === a.number)) {
      candidates.push({ number: a.number, name: a.name, basis });
    }
  };
  add(byNumber, 'number');
  add(byUniqueId, 'unique-id');
  for (const a of byName) add(a, 'name');
  const ours = catalogue.release;
  if (candidates.length === 0) {
    return {
      kind: 'unknown',
      detail: `Neither ARTIFACTNUMBER ${input.artifactNumber}, UNIQUEID ${uid(input.uniqueId)} nor ${statedName === null ? 'a name' : `the name “${statedName}”`} is an artifact of the TMF Reference Model ${ours}.`,
    };
  }
  const why: string[] = [];
  if (crosswalk === null) {
    why.push(
      `The package is TMF Reference Model ${normaliseRelease(input.tmfRmVersion)}, which the hub has no crosswalk to ${ours} for: its numbers are filed only where its number, UNIQUEID and the name it gives agree.`,
    );
  }
  why.push(
    byNumber === undefined
      ? `ARTIFACTNUMBER ${input.artifactNumber} is no artifact of ${ours}.`
      : `ARTIFACTNUMBER ${input.artifactNumber} is ${label(byNumber)} in ${ours}.`,
  );
  if (byUniqueId !== byNumber) {
    why.push(
      byUniqueId === undefined
        ? `UNIQUEID ${uid(input.uniqueId)} is no artifact of ${ours}.`
        : `UNIQUEID ${uid(input.uniqueId)} is ${label(byUniqueId)}.`,
    );
  }
  if (statedName !== null && nameAgrees === false && crosswalk === null) {
    const named = byName.map(label);
    why.push(
      `The package names it “${statedName}”${named.length === 0 ? ', no artifact of ours' : `: ${named.join(', ')}`}.`,
    );
  } else if (statedName === null && crosswalk === null) {
    why.push('The package gives no name that confirms the number.');
  }
  return { kind: 'conflict', why: why.join(' '), candidates, statedName };
};
