/**
 * How much an agent may do without asking:
 * - `default`: everything but the safe tools asks;
 * - `acceptEdits`: file edits (Write, Edit) need no confirmation either;
 * - `plan`: only read-only tools are offered;
 * - `bypassPermissions`: nothing asks.
 */
export type PermissionMode = 'default' | 'acceptEdits' | 'plan' | 'bypassPermissions';

/** Every permission mode. */
export const PERMISSION_MODES: readonly PermissionMode[] = [
  'default',
  'acceptEdits',
  'plan',
  'bypassPermissions',
];

const rank: Record<PermissionMode, number> = {
  plan: 0,
  default: 1,
  acceptEdits: 2,
  bypassPermissions: 3,
};

/**
 * The mode a child agent gets: the one it asks for, unless that is more permissive than its
 * parent's, in which case the parent's (plan < default < acceptEdits < bypassPermissions).
 */
export function restrictPermissionMode(
  requested: PermissionMode | undefined,
  parent: PermissionMode,
): PermissionMode {
  if (requested === undefined || !(requested in rank)) return parent;
  return rank[requested] <= rank[parent] ? requested : parent;
}
