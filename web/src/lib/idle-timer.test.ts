import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleTimer, warningLeadMs } from './idle-timer';

const TIMEOUT = 1800_000;
const WARNING = 60_000;

const setup = () => {
  const events: string[] = [];
  const timer = new IdleTimer({
    timeoutMs: TIMEOUT,
    warningMs: WARNING,
    onWarning: (deadline) => events.push(`warning until ${String(deadline - Date.now())}`),
    onResume: () => events.push('resume'),
    onTimeout: () => events.push('timeout'),
  });
  timer.start();
  return { timer, events };
};

describe('idle timer (SPEC §4: 1800 s, a warning a minute before)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2024-05-01T10:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('warns at T-60 s and times out at 0', () => {
    const { events } = setup();
    vi.advanceTimersByTime(TIMEOUT - WARNING - 1);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['warning until 60000']);
    vi.advanceTimersByTime(WARNING - 1);
    expect(events).toEqual(['warning until 60000']);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['warning until 60000', 'timeout']);
    vi.advanceTimersByTime(TIMEOUT * 2);
    expect(events).toHaveLength(2); // once
  });

  it('restarts the countdown on activity, and after the warning resumes', () => {
    const { timer, events } = setup();
    vi.advanceTimersByTime(TIMEOUT - WARNING - 1000);
    expect(timer.activity()).toBe(true);
    vi.advanceTimersByTime(TIMEOUT - WARNING - 1);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['warning until 60000']);
    expect(timer.warning).toBe(true);

    vi.advanceTimersByTime(30_000);
    timer.activity();
    expect(events).toEqual(['warning until 60000', 'resume']);
    expect(timer.warning).toBe(false);
    expect(timer.deadline).toBe(Date.now() + TIMEOUT);
    vi.advanceTimersByTime(TIMEOUT - 1);
    expect(events).toEqual(['warning until 60000', 'resume', 'warning until 60000']);
  });

  it('takes activity from another tab by its time, and ignores activity older than its own', () => {
    const { timer, events } = setup();
    vi.advanceTimersByTime(600_000);
    const otherTab = Date.now() - 1000;
    expect(timer.activity(otherTab)).toBe(true);
    expect(timer.deadline).toBe(otherTab + TIMEOUT);
    expect(timer.activity(otherTab - 5000)).toBe(false);
    expect(timer.deadline).toBe(otherTab + TIMEOUT);
    vi.advanceTimersByTime(TIMEOUT - WARNING - 1000);
    expect(events).toEqual(['warning until 60000']);
  });

  it('times out at once when the page wakes after the deadline (throttled tab, sleeping laptop)', () => {
    const { events } = setup();
    // The clock jumps without the timers having run (what a suspended tab sees).
    vi.setSystemTime(Date.now() + TIMEOUT + 5000);
    vi.advanceTimersByTime(TIMEOUT - WARNING); // the first timer finally fires
    expect(events).toEqual(['timeout']);
  });

  it('does not let activity after a missed deadline revive the session (a click on waking)', () => {
    const { timer, events } = setup();
    vi.setSystemTime(Date.now() + TIMEOUT + 5000); // asleep: no timer has run
    expect(timer.activity()).toBe(false);
    expect(events).toEqual(['timeout']);
    vi.advanceTimersByTime(TIMEOUT * 2);
    expect(events).toEqual(['timeout']);
  });

  it("does not let another tab's activity after a missed deadline revive the session", () => {
    const { timer, events } = setup();
    const start = Date.now();
    vi.setSystemTime(start + TIMEOUT + 5000);
    expect(timer.activity(start + TIMEOUT + 1000)).toBe(false);
    expect(events).toEqual(['timeout']);
  });

  it('counts activity dated in the future as now', () => {
    const { timer } = setup();
    vi.advanceTimersByTime(1000);
    expect(timer.activity(Date.now() + 10 * TIMEOUT)).toBe(true);
    expect(timer.deadline).toBe(Date.now() + TIMEOUT);
  });

  it('waits out a time-out longer than the longest browser timer (2^31-1 ms)', () => {
    const events: string[] = [];
    const timeoutMs = 40 * 24 * 3600 * 1000; // 40 days
    new IdleTimer({
      timeoutMs,
      warningMs: WARNING,
      onWarning: () => events.push('warning'),
      onResume: () => events.push('resume'),
      onTimeout: () => events.push('timeout'),
    }).start();
    vi.advanceTimersByTime(timeoutMs - WARNING - 1);
    expect(events).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(events).toEqual(['warning']);
    vi.advanceTimersByTime(WARNING);
    expect(events).toEqual(['warning', 'timeout']);
  });

  it('does nothing once stopped', () => {
    const { timer, events } = setup();
    timer.stop();
    expect(timer.activity()).toBe(false);
    vi.advanceTimersByTime(TIMEOUT * 2);
    expect(events).toEqual([]);
  });

  it('warns a minute before, or half-way through a timeout shorter than two minutes', () => {
    expect(warningLeadMs(1800_000)).toBe(60_000);
    expect(warningLeadMs(120_000)).toBe(60_000);
    expect(warningLeadMs(30_000)).toBe(15_000);
  });
});
