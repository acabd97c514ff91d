import { createRequire } from 'node:module';

// cognito-local pulls in aws-sdk v2 (for Lambda triggers and KMS), which prints an end-of-support
// notice once it has loaded. The SDK documents this switch for turning it off; it must be set
// before aws-sdk loads, so import this module before any of cognito-local.
(
  createRequire(import.meta.url)('aws-sdk/lib/maintenance_mode_message.js') as {
    suppress: boolean;
  }
).suppress = true;
