/**
 * The one reader of `import.meta.env`. Everything that differs between environments comes from
 * /config.json at run time (config/runtime-config.ts), so one build serves every environment; the
 * only build-time value is where the app is mounted.
 */
export const env = {
  /** The path the app is served under, with a trailing slash ("/" unless vite's `base` is set). */
  basePath: import.meta.env.BASE_URL,
} as const;
