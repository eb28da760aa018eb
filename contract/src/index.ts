export * from './auth.js';
export * from './common.js';
export * from './constants.js';
export * from './inbox.js';
export * from './texts.js';
export * from './paths.js';
export * from './standards.js';
export * from './students.js';
