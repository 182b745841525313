export * from './auth.ts';
export * from './constants.ts';
export * from './credits.ts';
export * from './errors.ts';
export * from './files.ts';
export * from './requests.ts';
export * from './shell.ts';
export * from './tabs.ts';
