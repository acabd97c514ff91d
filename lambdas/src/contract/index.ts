export * from './envelope';
export * from './fields';
export * from './roles';
export * from './route';
export * from './routes';
export * from './runtime-config';
