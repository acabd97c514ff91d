import { writeFile } from 'node:fs/promises';
import { partnerOpenApi } from '@ccsc/contract/partner-api';
import { partnerClientTypes } from './generate';

// The document as any console serves it, but for its server and token URL (not in the types).
const types = await partnerClientTypes(
  partnerOpenApi({
    baseUrl: 'http://localhost:3000',
    tokenUrl: 'http://localhost:9229/oauth2/token',
  }),
);
await writeFile(new URL('partner-api.d.ts', import.meta.url), types);
