/** The region the offline stack answers as; production runs in us-west-2 (SPEC §9). */
export const REGION = 'us-west-2';

/**
 * The placeholder credentials the offline stack uses everywhere. The local emulators accept them;
 * they are not real AWS credentials.
 */
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;
