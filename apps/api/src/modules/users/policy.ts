/**
 * Which users an actor may see and act on is one rule in packages/domain (users/scope.ts, decisions 008 and 064);
 * every users query applies it in its WHERE clause (repository.scopeWhere), so a row outside it is not found.
 */
export { userScopeOf, type UserScope } from '@planpiso/domain';
