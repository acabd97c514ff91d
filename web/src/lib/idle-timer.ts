/**
 * The idle countdown of SPEC §4: restarted by activity, a warning shortly before the end, a
 * time-out at 0. Pure timing, no DOM: the private layout feeds it activity (its own and the other
 * tabs') and shows the warning (app/idle-session.tsx).
 *
 * Time is measured from the last activity's wall-clock time, not by counting down a timer, so a
 * tab whose timers the browser throttled (in the background) or suspended (a sleeping laptop)
 * still times out right when it wakes, and activity times from other tabs compare directly.
 */
export interface IdleTimerOptions {
  timeoutMs: number;
  /** How long before the time-out the warning comes. */
  warningMs: number;
  /** The warning is due; `deadline` is when the time-out comes (epoch ms). */
  onWarning: (deadline: number) => void;
  /** Activity after the warning: the countdown restarted. */
  onResume: () => void;
  onTimeout: () => void;
  now?: () => number;
}

/** SPEC §9: 1800 (seconds), unless /config.json says otherwise. */
export const DEFAULT_IDLE_TIMEOUT_SECONDS = 1800;
/** Issue 4: "a warning dialog a minute before". */
export const IDLE_WARNING_MS = 60_000;

/**
 * The warning comes a minute before the end, or half-way through a timeout shorter than two
 * minutes (a test environment's), so that it never covers the whole countdown.
 */
export const warningLeadMs = (timeoutMs: number): number =>
  Math.min(IDLE_WARNING_MS, Math.floor(timeoutMs / 2));

const MAX_TIMEOUT_MS = 2 ** 31 - 1;

export class IdleTimer {
  private readonly now: () => number;
  private lastActivity = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private warned = false;
  private running = false;

  constructor(private readonly options: IdleTimerOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Starts the countdown (SPEC §4: "load" restarts it). */
  start(): void {
    this.running = true;
    this.lastActivity = this.now();
    this.schedule();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }

  /** When the time-out comes, while running (epoch ms). */
  get deadline(): number {
    return this.lastActivity + this.options.timeoutMs;
  }

  get warning(): boolean {
    return this.warned;
  }

  /**
   * Activity at `at` (now by default; another tab's time for its activity). Older activity than
   * the last one known changes nothing, and a time in the future counts as now. Activity that
   * comes after the deadline has passed (the tab's timers were throttled or the laptop slept, so
   * the time-out has not run yet) does not revive the session: the time-out runs now. Returns
   * whether the countdown restarted.
   */
  activity(at: number = this.now()): boolean {
    if (!this.running) return false;
    const when = Math.min(at, this.now());
    if (when <= this.lastActivity) return false;
    if (when - this.lastActivity >= this.options.timeoutMs) {
      this.schedule(); // the deadline has passed: times out
      return false;
    }
    this.lastActivity = when;
    if (this.warned) {
      this.warned = false;
      this.options.onResume();
    }
    this.schedule();
    return true;
  }

  private schedule(): void {
    clearTimeout(this.timer);
    if (!this.running) return;
    const { timeoutMs, warningMs } = this.options;
    const idle = this.now() - this.lastActivity;
    if (idle >= timeoutMs) {
      this.stop();
      this.options.onTimeout();
      return;
    }
    if (idle >= timeoutMs - warningMs) {
      if (!this.warned) {
        this.warned = true;
        this.options.onWarning(this.deadline);
      }
      this.wakeIn(timeoutMs - idle);
      return;
    }
    this.wakeIn(timeoutMs - warningMs - idle);
  }

  /** Browsers run a longer timeout than 2^31-1 ms at once; a long one checks back in between. */
  private wakeIn(ms: number): void {
    this.timer = setTimeout(
      () => {
        this.schedule();
      },
      Math.min(ms, MAX_TIMEOUT_MS),
    );
  }
}
