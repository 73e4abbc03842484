// Owner resolution lives with the write path (query/owner.ts); re-exported for the services not on it yet.
export { resolveOwner, type Owner } from '../../query/owner.ts';
