export * from './errors.ts';
export * from './tokens.ts';
export * from './rewards.ts';
export * from './users.ts';
export * from './auth.ts';
export * from './videos.ts';
export * from './format.ts';
export * from './tickets.ts';
