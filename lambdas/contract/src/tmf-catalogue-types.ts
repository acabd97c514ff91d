/**
 * The shape of a TMF Reference Model catalogue (CDISC, public domain): zones, sections and
 * artifacts with their permanent unique IDs, core or recommended, the levels an artifact may be
 * filed at and the model's sub-artifact examples. One file per model version holds the data
 * (tmf-catalogue-3-3.ts); a later version is added beside it.
 */
export type FilingLevel = 'trial' | 'country' | 'site';

export interface TmfArtifact {
  /** zone.section.artifact, e.g. '05.02.04' */
  number: string;
  /** the model's permanent unique ID, e.g. '087' */
  uniqueId: string;
  name: string;
  /** core (true) or recommended (false) */
  core: boolean;
  /**
   * the levels the model lets it be filed at (the model's trial / country / site columns), in
   * that order
   */
  levels: readonly FilingLevel[];
  /** the model's sub-artifact examples, possibly empty */
  subArtifacts: readonly string[];
  /**
   * true when each document identifies one person (CVs, licences, individual financial
   * disclosure, training evidence of a person ...), so a mapping must carry the person's name
   */
  personal: boolean;
}

export interface TmfSection {
  /** zone.section, e.g. '05.02' */
  number: string;
  name: string;
  artifacts: readonly TmfArtifact[];
}

export interface TmfZone {
  /** e.g. '05' */
  number: string;
  name: string;
  sections: readonly TmfSection[];
}

export interface TmfCatalogue {
  model: 'TMF Reference Model';
  /** e.g. '3.3' */
  version: string;
  /** the exact release transcribed, e.g. '3.3.1' */
  release: string;
  zones: readonly TmfZone[];
}
