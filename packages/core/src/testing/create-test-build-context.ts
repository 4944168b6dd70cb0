import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContainer } from '../di/tsyringe';
import { silentLogger } from '../logger/logger';
import type { ToolBuildContext } from '../plugin/tool-plugin';

/**
 * A build context for tests: a fresh temporary workspace folder (unless one is given), a new DI
 * container, a silent logger, the main agent in `default` mode, and a signal that never fires.
 */
export function createTestBuildContext(
  overrides: Partial<ToolBuildContext> = {},
): ToolBuildContext {
  return {
    workspaceRoot: overrides.workspaceRoot ?? mkdtempSync(join(tmpdir(), 'tinyelf-conformance-')),
    config: overrides.config ?? {},
    agent: overrides.agent ?? { name: 'main', depth: 0, permissionMode: 'default' },
    container: overrides.container ?? createContainer(),
    logger: overrides.logger ?? silentLogger,
    signal: overrides.signal ?? new AbortController().signal,
  };
}
