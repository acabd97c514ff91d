import type { ResponseOf } from '@ccsc/contract';

/** The standards' records as the contract's calls answer them (issue 16). */
export type StandardSummary = ResponseOf<'artifact/list-standards'>['standards'][number];
export type StandardDetail = ResponseOf<'artifact/get-standard'>;
export type StandardVersion = StandardDetail['standard'];
export type Signature = NonNullable<StandardVersion['signature']>;
export type StandardDiff = ResponseOf<'artifact/diff-standards'>;
