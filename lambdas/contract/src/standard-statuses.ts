/** A mapping standard's statuses and its signatures' meanings (apart, for the stores' schemas). */
export const STANDARD_STATUSES = ['draft', 'published', 'retired'] as const;
export type StandardStatus = (typeof STANDARD_STATUSES)[number];
/** The meaning a signer states (21 CFR 11.50(a)(3)). */
export const SIGNATURE_MEANINGS = ['Approved'] as const;
export type SignatureMeaning = (typeof SIGNATURE_MEANINGS)[number];
