export * from './accounts.ts';
export * from './reference.ts';
export * from './moderation.ts';
export * from './reference-lists.ts';
export * from './profiles.ts';
export * from './translations.ts';
