export { startConsole, type RunningConsole } from './console';
export { readEnv, REPOSITORY_ROOT, type MockEnv } from './env';
export { srpSignIn } from './cognito';
export { loadRegistry, type LoadResult } from './registry-load';
export { startLoopbackRelay, type RunningRelay } from './services/loopback-relay';
