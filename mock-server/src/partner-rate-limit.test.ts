import { describe, expect, it } from 'vitest';
import { createPartnerRateLimiter } from './partner-rate-limit';

describe('the partner API’s limit per access token', () => {
  it('admits the limit in any trailing window, then says how many seconds until one call leaves it', () => {
    const limiter = createPartnerRateLimiter(3, 300_000);
    expect(limiter.admit('a', 0)).toBeNull();
    expect(limiter.admit('a', 10_000)).toBeNull();
    expect(limiter.admit('a', 20_000)).toBeNull();
    expect(limiter.admit('a', 30_000)).toBe(270);
    // Another token is counted apart.
    expect(limiter.admit('b', 30_000)).toBeNull();
    // A refused call is not counted: once the first call left the window, one more gets in.
    expect(limiter.admit('a', 299_500)).toBe(1);
    expect(limiter.admit('a', 300_000)).toBeNull();
    expect(limiter.admit('a', 300_001)).toBe(10);
  });

  it('forgets tokens whose calls all left the window', () => {
    const limiter = createPartnerRateLimiter(1, 1000);
    expect(limiter.admit('a', 0)).toBeNull();
    expect(limiter.admit('a', 500)).toBe(1);
    expect(limiter.admit('b', 5000)).toBeNull();
    expect(limiter.admit('a', 5001)).toBeNull();
  });
});
