import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as z from 'zod';
import { writeFileAtomic } from '../services/atomic-file.mjs';

/**
 * What the simulated partner systems keep in the data folder (`simulated-partners.json`), so that
 * a restarted console goes on where they were: the account of the administrator who issued their
 * credentials, each system's client id and secret (as a vendor keeps them in its vault), the
 * webhook endpoint and its secret, the cursors of the inbox and the events feeds, and how many
 * documents the site has sent. `npm run reset` wipes it with everything else.
 */

const credentialSchema = z.object({ clientId: z.string(), clientSecret: z.string() });

const stateSchema = z.object({
  operator: z
    .object({ email: z.string(), password: z.string(), totpSecret: z.string() })
    .optional(),
  site: credentialSchema.optional(),
  sponsor: credentialSchema.optional(),
  webhook: z.object({ endpointId: z.string(), secret: z.string(), url: z.string() }).optional(),
  cursors: z
    .object({
      inbox: z.string().optional(),
      sponsorEvents: z.string().optional(),
      siteEvents: z.string().optional(),
    })
    .default({}),
  sent: z.number().int().min(0).default(0),
});

export type SimulatorState = z.infer<typeof stateSchema>;
export type SystemCredential = z.infer<typeof credentialSchema>;

export const STATE_FILE = 'simulated-partners.json';

/** The kept state, or a fresh one when there is none (or it cannot be read: then logged). */
export const readState = async (
  dataDir: string,
  log: (line: string) => void = () => undefined,
): Promise<SimulatorState> => {
  let text: string;
  try {
    text = await readFile(join(dataDir, STATE_FILE), 'utf8');
  } catch {
    return stateSchema.parse({});
  }
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // said below
  }
  const parsed = stateSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  log(`${STATE_FILE} cannot be read; its systems get new credentials`);
  return stateSchema.parse({});
};

export const writeState = (dataDir: string, state: SimulatorState): Promise<void> =>
  writeFileAtomic(join(dataDir, STATE_FILE), `${JSON.stringify(state, null, 2)}\n`);
