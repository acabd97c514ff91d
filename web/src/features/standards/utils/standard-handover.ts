import type { StandardDetail } from './standard-types';

/** Why the editor opens with a detail in hand (what it says first). */
export type HandoverReason = 'created' | 'new-version';

let handed: { detail: StandardDetail; reason: HandoverReason } | null = null;

/**
 * A step that answered with a standard's detail (create, new version) and then opens its editor
 * hands the detail over here, so that the editor shows it at once instead of fetching the same
 * rows again; the editor takes it only for the same standard and version, and forgets it once
 * shown (it is never read from history state: a 5,000-row detail does not belong there).
 */
export const handOver = (detail: StandardDetail, reason: HandoverReason): void => {
  handed = { detail, reason };
};

export const handedOver = (standardId: string, version: number | undefined) =>
  handed !== null &&
  handed.detail.standard.standardId === standardId &&
  (version === undefined || handed.detail.standard.version === version)
    ? handed
    : null;

export const forgetHandover = (): void => {
  handed = null;
};
