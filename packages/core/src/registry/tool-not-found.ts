import { ToolNotFoundError } from '../errors/tool-not-found-error';
import { findClosestName } from './closest-name';

/** The error for a call to a tool that is not registered: the closest name, then every name. */
export function toolNotFoundError(toolName: string, available: string[]): ToolNotFoundError {
  const closest = findClosestName(String(toolName), available);
  return new ToolNotFoundError({
    toolName,
    availableTools: available,
    message: [
      `Tool "${toolName}" not found.`,
      closest ? ` Did you mean "${closest}"?` : '',
      available.length ? ` Available tools: ${available.join(', ')}.` : ' No tools are available.',
    ].join(''),
  });
}
