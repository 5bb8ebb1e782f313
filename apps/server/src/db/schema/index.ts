export * from './accounts.ts';
export * from './reference.ts';
export * from './moderation.ts';
export * from './reference-lists.ts';
export * from './profiles.ts';
export * from './translations.ts';
export * from './places.ts';
export * from './lists.ts';
