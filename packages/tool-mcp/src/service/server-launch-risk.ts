import type { RiskWarning } from '@tinyelf/core';
import type { McpServerConfig } from './mcp-server-config';

/**
 * The risks of launching a server: a stdio server from a project file runs a program the user has
 * not chosen, so the exact command is shown and consent asked; a command that pipes a download
 * into a shell says so.
 */
export function serverLaunchWarnings(config: McpServerConfig): RiskWarning[] {
  if (config.transport !== 'stdio') return [];
  const entry = config as { command?: unknown; args?: unknown };
  const commandLine = [String(entry.command), ...((entry.args as string[] | undefined) ?? [])].join(
    ' ',
  );
  const warnings: RiskWarning[] = [];
  if (config.source === 'project') {
    warnings.push({
      rule: 'project-mcp-server',
      message: `The project's configuration starts the MCP server "${config.id}" with: ${commandLine}`,
    });
  }
  if (/\b(curl|wget)\b[^|]*\|\s*(ba|z|da)?sh\b/.test(commandLine)) {
    warnings.push({
      rule: 'download-and-run',
      message: `The MCP server "${config.id}" is started by piping a download into a shell.`,
    });
  }
  return warnings;
}
