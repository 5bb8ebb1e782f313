export * from './constants.ts';
export * from './errors.ts';
export * from './common.ts';
export * from './list-query.ts';
export * from './auth.ts';
export * from './user.ts';
export * from './reference.ts';
export * from './profile.ts';
