import type { ITool } from '../tool/tool';
import { specifierContext } from './decide-permission';
import { specifiersFor } from './permission-rule-set';

/** Where {@link suggestAllowRules} resolves paths: the workspace and the home folder. */
export interface SuggestionContext {
  /** The workspace root relative rules are written against. @default process.cwd() */
  readonly workspaceRoot?: string;
  /** The home folder `~/` stands for. @default os.homedir() */
  readonly homeDir?: string;
}

/**
 * The narrowest allow rules that would let this call run without asking again ("always allow"):
 * the tool's own suggestion (Bash: each command's prefix, `Bash(git status:*)`; file tools: the
 * folder, `Edit(./src/**)`; WebFetch: the host), else the bare tool name for a tool that gives its
 * specifiers no meaning. Empty when the tool has specifiers but cannot scope this call (a command
 * it cannot read): then no rule should be saved.
 */
export async function suggestAllowRules(
  tool: ITool,
  params: Readonly<Record<string, unknown>>,
  context: SuggestionContext = {},
): Promise<string[]> {
  const support = specifiersFor(tool.name, tool);
  if (!support) return [tool.name];
  if (!support.suggest) return [];
  const specifiers = await support.suggest(
    params,
    specifierContext(context.workspaceRoot, context.homeDir),
  );
  return specifiers.map((specifier) => `${tool.name}(${specifier})`);
}
