import { join } from 'node:path';
import * as z from 'zod';
import { readJsonFile, writeFileAtomic } from '../services/atomic-file.mjs';

/** What `<dataDir>/stack.json` remembers between starts. `stack` marks the folder as ours. */
const stackFileSchema = z.object({
  stack: z.literal('ccsc-local'),
  userPoolId: z.string().min(1),
  userPoolClientId: z.string().min(1),
});
export type StackFile = z.infer<typeof stackFileSchema>;

export const STACK_FILE = 'stack.json';

/**
 * The folder's stack.json; undefined when there is none. One that is empty or not JSON throws a
 * DamagedFileError, one that is JSON but not ours a plain Error: either way the start stops rather
 * than provisioning a second pool beside the first (or overwriting a file that is not ours).
 */
export const readStackFile = async (dataDir: string): Promise<StackFile | undefined> => {
  const path = join(dataDir, STACK_FILE);
  const saved = await readJsonFile(path, "the offline console's pool and client ids");
  if (saved === undefined) return undefined;
  const parsed = stackFileSchema.safeParse(saved);
  if (!parsed.success) {
    throw new Error(
      `${path} is not the offline console's stack file (${parsed.error.issues
        .map((issue) => `${issue.path.join('.') || 'the file'}: ${issue.message}`)
        .join('; ')}). Is DATA_DIR the console's data folder?`,
    );
  }
  return parsed.data;
};

export const writeStackFile = async (dataDir: string, file: StackFile) => {
  await writeFileAtomic(join(dataDir, STACK_FILE), `${JSON.stringify(file, null, 2)}\n`);
};
