export * from './accounts.ts';
export * from './reference.ts';
export * from './moderation.ts';
