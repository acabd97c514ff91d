/**
 * How long a test waits for what comes after a mocked call (a render, a promise chain): 15 s, not
 * Testing Library's or vitest's 1 s. On a loaded 2-core machine (npm test beside other work) a
 * screen's second render came later than 1 s, and a route's first render (its lazy chunk
 * transformed on first import) or a sign-out's promise chain later than 5 s in CI, and the test
 * failed although the screen was right. What never happens still fails, after this long.
 * setup.ts gives it to every `findBy…`/`waitFor` that names no timeout of its own; `vi.waitFor`
 * takes it as its options (under fake timers it moves the faked clock on as it waits: a test that
 * must not reach a timer's end checks the clock after, as idle-session.test.tsx does).
 */
export const WAIT = { timeout: 15_000 } as const;
