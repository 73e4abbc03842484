export * from './roles.ts';
export * from './access.ts';
export * from './errors.ts';
export * from './statuses.ts';
export * from './money.ts';
export * from './schemas/auth.ts';
export * from './schemas/list-query.ts';
export * from './navigation.ts';
