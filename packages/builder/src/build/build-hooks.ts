import { isAbsolute, resolve } from 'node:path';
import {
  type AuditLogOptions,
  createCommandHooks,
  type DependencyContainer,
  Tokens,
  type ToolCallHook,
} from '@tinyelf/core';
import type { BuilderConfig } from '../config/builder-config';

/** The hooks the container holds under `Tokens.ToolCallHook`, in registration order. */
export function containerHooks(container: DependencyContainer): ToolCallHook[] {
  return container.isRegistered(Tokens.ToolCallHook, true)
    ? container.resolveAll<ToolCallHook>(Tokens.ToolCallHook)
    : [];
}

/**
 * The configuration's command hooks (`hooks.beforeToolCall`, `hooks.afterToolCall`), run in the
 * workspace. They go last, so they see the arguments and the result as code hooks left them.
 */
export function configuredHooks(config: BuilderConfig, workspaceRoot: string): ToolCallHook[] {
  return config.hooks ? createCommandHooks(config.hooks, { cwd: workspaceRoot }) : [];
}

/** The configuration's audit log (`audit.file`, relative to the workspace), if it names one. */
export function configuredAudit(
  config: BuilderConfig,
  workspaceRoot: string,
): AuditLogOptions | undefined {
  const file = config.audit?.file;
  if (!file) return undefined;
  return { file: isAbsolute(file) ? file : resolve(workspaceRoot, file) };
}
