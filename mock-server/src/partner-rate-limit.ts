import { PARTNER_RATE_LIMIT } from '@ccsc/contract/scopes';

/**
 * The partner API's limit per access token offline, as AWS WAF's rate-based rule applies it in
 * AWS (infra/lib/constructs/api-firewall.ts, RateLimitPartnerApiPerToken): keyed on the
 * Authorization header as sent, counted over a trailing window, before the token is checked; a
 * call without the header is not counted. A call over the limit is not counted either, so a
 * client that waits the Retry-After it was told gets in.
 */
export interface PartnerRateLimiter {
  /** Records a call of `key` at `now` (ms); null when admitted, else the seconds to wait. */
  admit(key: string, now: number): number | null;
}

export const createPartnerRateLimiter = (
  requests: number,
  windowMs = PARTNER_RATE_LIMIT.windowSeconds * 1000,
): PartnerRateLimiter => {
  /** Each key's admitted calls in the window, oldest first. */
  const calls = new Map<string, number[]>();
  let sweptAt = 0;
  const sweep = (now: number) => {
    // Keys whose calls all left the window are forgotten (tokens live an hour at most).
    if (now - sweptAt < windowMs) return;
    sweptAt = now;
    for (const [key, times] of calls) {
      if ((times.at(-1) ?? 0) <= now - windowMs) calls.delete(key);
    }
  };
  return {
    admit(key, now) {
      sweep(now);
      const times = calls.get(key) ?? [];
      let first = 0;
      while (first < times.length && (times[first] ?? 0) <= now - windowMs) first += 1;
      if (first > 0) times.splice(0, first);
      if (times.length >= requests) {
        const oldest = times[0] ?? now;
        return Math.max(1, Math.ceil((oldest + windowMs - now) / 1000));
      }
      times.push(now);
      calls.set(key, times);
      return null;
    },
  };
};
