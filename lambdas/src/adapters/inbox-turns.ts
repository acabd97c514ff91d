/**
 * Deliveries to one inbox, one after the other within this process (a Lambda container; the
 * whole offline console): each raises the inbox's head on the condition that it is still the
 * value read, so deliveries made at the same moment would race for it and all but one try
 * again. Queued here, they do not; deliveries from other processes still race, and back off.
 */
const inboxTurns = new Map<string, Promise<unknown>>();
export const inTurn = <T>(systemId: string, work: () => Promise<T>): Promise<T> => {
  const before = inboxTurns.get(systemId) ?? Promise.resolve();
  const mine = before.then(work, work);
  const settled = mine.then(
    () => undefined,
    () => undefined,
  );
  inboxTurns.set(systemId, settled);
  void settled.then(() => {
    if (inboxTurns.get(systemId) === settled) inboxTurns.delete(systemId);
  });
  return mine;
};
