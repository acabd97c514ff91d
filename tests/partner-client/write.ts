import { writeFile } from 'node:fs/promises';
import { partnerOpenApi } from '@ccsc/contract/partner-api';
import { PARTNER_API_TYPES_FILE } from '@ccsc/mock-server';
import { partnerClientTypes } from './generate';

// The document as any console serves it, but for its server and token URL (not in the types).
const types = await partnerClientTypes(
  partnerOpenApi({
    baseUrl: 'http://localhost:3000',
    tokenUrl: 'http://localhost:9229/oauth2/token',
  }),
);
// Beside the example integration that is written against them (mock-server/src/partner-systems/).
await writeFile(PARTNER_API_TYPES_FILE, types);
