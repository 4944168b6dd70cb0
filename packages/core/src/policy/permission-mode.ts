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
