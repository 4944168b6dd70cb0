import { TinyElfError } from '../errors/tinyelf-error';
import { type ITool, TOOL_NAME_PATTERN } from '../tool/tool';

/** The part of a tool a {@link ToolShapeProblem} is about. */
export type ToolShapePart = 'object' | 'name' | 'description' | 'parameters' | 'execute';

/** One thing wrong with a tool's shape. */
export interface ToolShapeProblem {
  /** What it is about: the tool itself (not an object), its name, description, parameters, execute. */
  readonly part: ToolShapePart;
  /** The problem as a phrase, such as "it needs a non-empty description". */
  readonly message: string;
}

/**
 * What is wrong with a tool's shape, part by part; empty when the tool can be registered. The
 * one list of rules: the registry refuses a tool with problems ({@link assertToolShape}) and the
 * plugin conformance suite reports each under its check.
 */
export function toolShapeIssues(tool: ITool): ToolShapeProblem[] {
  if (typeof tool !== 'object' || tool === null)
    return [{ part: 'object', message: 'a tool must be an object' }];
  const problems: ToolShapeProblem[] = [];
  if (typeof tool.name !== 'string' || !TOOL_NAME_PATTERN.test(tool.name)) {
    problems.push({
      part: 'name',
      message: `its name ${JSON.stringify(tool.name)} must match ${TOOL_NAME_PATTERN}`,
    });
  }
  if (typeof tool.description !== 'string' || tool.description.trim() === '') {
    problems.push({ part: 'description', message: 'it needs a non-empty description' });
  }
  const parameters = tool.parameters as { type?: unknown } | undefined;
  if (typeof parameters !== 'object' || parameters === null || parameters.type !== 'object') {
    problems.push({
      part: 'parameters',
      message: 'its parameters must be a JSON Schema with type "object"',
    });
  }
  if (typeof tool.execute !== 'function')
    problems.push({ part: 'execute', message: 'it needs an execute function' });
  return problems;
}

/** The {@link toolShapeIssues problems} of a tool's shape, as phrases; empty when it can be registered. */
export function toolShapeProblems(tool: ITool): string[] {
  return toolShapeIssues(tool).map((problem) => problem.message);
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
