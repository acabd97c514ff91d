import * as z from 'zod';

/**
 * What the console and the scan result's thread (scan-result-worker.ts) say to each other: the
 * thread is told the failpoints to arm and handed GuardDuty's events, each with an id; it says
 * once that it is ready, then answers each event with its outcome or why it failed.
 */
const threadMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('arm'), names: z.array(z.string()) }),
  z.object({ type: z.literal('event'), id: z.number(), event: z.unknown() }),
]);
export type ThreadMessage = z.infer<typeof threadMessage>;

const threadReply = z.union([
  z.object({ ready: z.literal(true) }),
  z.object({
    id: z.number(),
    ok: z.literal(true),
    outcome: z.string(),
    documentId: z.string().nullable(),
  }),
  z.object({ id: z.number(), ok: z.literal(false), error: z.string() }),
]);
export type ThreadReply = z.infer<typeof threadReply>;

export const parseThreadMessage = (data: unknown): ThreadMessage | undefined => {
  const parsed = threadMessage.safeParse(data);
  return parsed.success ? parsed.data : undefined;
};

export const parseThreadReply = (data: unknown): ThreadReply | undefined => {
  const parsed = threadReply.safeParse(data);
  return parsed.success ? parsed.data : undefined;
};
