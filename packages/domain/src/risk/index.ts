export * from './rules.ts';
export * from './facts.ts';
export * from './tree.ts';
export * from './evaluate.ts';
export * from './schemas.ts';
export * from './diff.ts';
export * from './unroutable.ts';
