import type { PermissionGrant } from './grant';

/**
 * A list or package streamed into the exports bucket (a multipart PutObject, aborted when cut
 * short), then read through the link the function signs (GetObject).
 */
export const EXPORTS_WRITE: PermissionGrant = {
  on: 'exportsObjects',
  actions: ['s3:PutObject', 's3:GetObject', 's3:AbortMultipartUpload'],
};
