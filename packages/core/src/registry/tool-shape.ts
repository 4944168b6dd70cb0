import { TinyElfError } from '../errors/tinyelf-error';
import { type ITool, TOOL_NAME_PATTERN } from '../tool/tool';

/**
 * What is wrong with a tool's shape, as phrases ("it needs a non-empty description"); empty when
 * the tool can be registered. The registry refuses a tool with problems and the plugin
 * conformance suite reports them, from this one list of rules.
 */
export function toolShapeProblems(tool: ITool): string[] {
  if (typeof tool !== 'object' || tool === null) return ['a tool must be an object'];
  const problems: string[] = [];
  if (typeof tool.name !== 'string' || !TOOL_NAME_PATTERN.test(tool.name)) {
    problems.push(`its name ${JSON.stringify(tool.name)} must match ${TOOL_NAME_PATTERN}`);
  }
  if (typeof tool.description !== 'string' || tool.description.trim() === '') {
    problems.push('it needs a non-empty description');
  }
  const parameters = tool.parameters as { type?: unknown } | undefined;
  if (typeof parameters !== 'object' || parameters === null || parameters.type !== 'object') {
    problems.push('its parameters must be a JSON Schema with type "object"');
  }
  if (typeof tool.execute !== 'function') problems.push('it needs an execute function');
  return problems;
}

/** Throws `INVALID_TOOL_DEFINITION` naming every {@link toolShapeProblems problem} of the tool. */
export function assertToolShape(tool: ITool): void {
  const problems = toolShapeProblems(tool);
  if (problems.length) {
    throw new TinyElfError({
      code: 'INVALID_TOOL_DEFINITION',
      message: `Cannot register tool ${JSON.stringify((tool as { name?: unknown } | null)?.name)}: ${problems.join('; ')}.`,
    });
  }
}
