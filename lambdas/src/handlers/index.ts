import { operations, type Operation } from '../contract';
import type { LambdaHandler } from '../http/router';
import { handler as listAllUsers } from './list-all-users';
import { handler as logout } from './logout';
import { handler as notImplemented } from './not-implemented';

/**
 * Every operation's Lambda handler, keyed by operation: the mock server calls these, the CDK
 * API deploys one function per implemented entry file. An operation missing from
 * `implemented` is served by the not-implemented entry (501).
 */
export const implemented: Partial<Record<Operation, LambdaHandler>> = {
  logout,
  'list-all-users': listAllUsers,
};

export const handlers: Record<Operation, LambdaHandler> = Object.fromEntries(
  operations.map((op) => [op, implemented[op] ?? notImplemented]),
) as Record<Operation, LambdaHandler>;
