import type { PermissionGrant } from './grant';

/** A standard version's rows in the artifacts bucket (`standards/<id>/rows/<sha256>.json`). */
export const STANDARD_ROWS_READ: PermissionGrant = {
  on: 'standardRowsObjects',
  actions: ['s3:GetObject'],
};
export const STANDARD_ROWS_WRITE: PermissionGrant = {
  on: 'standardRowsObjects',
  actions: ['s3:PutObject'],
};
