import type { DocumentSignature, ImportedSignature } from '@ccsc/contract/documents';
import { clip } from './import-etmf-kit';
import { emsDateTime, type EmsObject, type EmsSignature } from './exchange/exchange-xml';

/**
 * A file's eTMF-EMS <SIGNATURE>s both ways (issue 34 item 6): written for a sent document's
 * signature and for what an import kept, and kept from an imported package's FILEs, so a study
 * exported, imported elsewhere and exported again states the same signers.
 */

/** What an import keeps of one file's signatures, and of one object's (the rest are dropped). */
export const SIGNATURES_KEPT = { perFile: 10, perObject: 40 } as const;
/** The longest signer id, name and reason kept (what the send API allows of a signature). */
const TEXT_KEPT = 200;
/** The longest SIGNATUREDATETIME kept: with nanoseconds and an offset, a 4-digit year is 35. */
const DATE_TIME_KEPT = 64;

/** A signature as <SIGNATURE> states it: the methodology capitalised, the moment as written. */
export const emsSignatureOf = (
  signature: DocumentSignature | ImportedSignature,
  dateTime: string,
): EmsSignature => ({
  methodology: signature.methodology === 'digital' ? 'Digital' : 'Electronic',
  userOid: signature.signerId,
  name: signature.signerName,
  dateTime,
  reason: signature.reason,
});

/** A sent document's signature (signedAt an ISO time with its offset), in UTC as the standard's example. */
export const sentSignatureOf = (signature: DocumentSignature): EmsSignature =>
  emsSignatureOf(signature, emsDateTime(new Date(signature.signedAt)));

/**
 * The signatures an import keeps of an object, file by file: at most SIGNATURES_KEPT, each text
 * clipped as the other values of a filed row are. SIGNATUREDATETIME is kept as written (it
 * validated as xs:dateTime, and is written back the same); digits beyond nanoseconds are cut,
 * and a moment still longer (a year of dozens of digits) is not kept.
 */
export const importedSignaturesOf = (object: Pick<EmsObject, 'files'>): ImportedSignature[][] => {
  let left: number = SIGNATURES_KEPT.perObject;
  return object.files.map((file) => {
    const kept: ImportedSignature[] = [];
    for (const s of file.signatures) {
      if (kept.length >= Math.min(SIGNATURES_KEPT.perFile, left)) break;
      const signedAt = s.dateTime.replace(/(\.[0-9]{9})[0-9]+/u, '$1');
      if (signedAt.length > DATE_TIME_KEPT) continue;
      kept.push({
        methodology: s.methodology === 'Digital' ? 'digital' : 'electronic',
        signerId: clip(s.userOid, TEXT_KEPT),
        signerName: clip(s.name, TEXT_KEPT),
        signedAt,
        reason: clip(s.reason, TEXT_KEPT),
      });
    }
    left -= kept.length;
    return kept;
  });
};

/** The signatures an import kept of a filed file, as <SIGNATURE>s (none on older rows). */
export const keptSignaturesOf = (
  signatures: readonly ImportedSignature[] | undefined,
): EmsSignature[] => (signatures ?? []).map((s) => emsSignatureOf(s, s.signedAt));
