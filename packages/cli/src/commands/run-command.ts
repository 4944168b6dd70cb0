import { AgentLoop, OpenAIChatClient } from '@tinyelf/agent';
import { Tokens } from '@tinyelf/core';
import { cliConfirmation, unansweredMessage } from '../cli-confirm';
import { type ComposeOptions, composeRegistry, parseMode } from '../compose-registry';
import { defaultRunSystemPrompt, systemPromptFromFile } from '../run-system-prompt';

/**
 * `tinyelf run "PROMPT" [--mode MODE] [--yes] [--system-prompt-file FILE]`: the agent loop with an
 * OpenAI-compatible model from the environment (OPENAI_BASE_URL, OPENAI_API_KEY, TINYELF_MODEL)
 * and a system prompt (the workspace, the mode, how the tools behave; a file replaces it). Each
 * tool call is shown and decided by the registry; one that needs confirmation is asked on the
 * terminal or approved by `--yes`. Without either, such a call ends the run with a message naming
 * it and exit code 2. The final answer goes to standard output.
 */
export async function runCommand(
  prompt: string,
  options: ComposeOptions & { yes?: boolean; maxIterations?: number; systemPromptFile?: string },
): Promise<number> {
  const systemPrompt = options.systemPromptFile
    ? systemPromptFromFile(options.systemPromptFile)
    : undefined;
  const built = await composeRegistry(options);
  try {
    const mode = parseMode(options.mode) ?? 'default';
    const controller = new AbortController();
    const confirmation = cliConfirmation(built, {
      yes: options.yes,
      onUnanswered: () => controller.abort(),
    });
    const loop = new AgentLoop({
      model: new OpenAIChatClient(),
      registry: built.registry,
      policy: built.policy,
      permissionMode: mode,
      maxIterations: options.maxIterations,
      systemPrompt:
        systemPrompt ??
        defaultRunSystemPrompt({
          workspaceRoot: built.container.resolve<string>(Tokens.WorkspaceRoot),
          mode,
          approveAll: options.yes === true,
          tools: built.registry.getNames(),
        }),
      confirmCall: confirmation.confirm,
      onEvent: (event) => {
        if (event.type === 'tool-call')
          process.stderr.write(`> ${event.toolName} ${JSON.stringify(event.args)}\n`);
        if (event.type === 'tool-result')
          process.stderr.write(
            `${event.isError ? '  error' : '  ok'}: ${event.content.split('\n')[0]?.slice(0, 120)}\n`,
          );
      },
    });
    process.once('SIGINT', () => controller.abort());
    const result = await loop.run(prompt, { signal: controller.signal });
    const unanswered = confirmation.unanswered();
    if (unanswered) {
      process.stderr.write(`The run stopped: ${unansweredMessage(unanswered)}\n`);
      return 2;
    }
    process.stdout.write(`${result.output}\n`);
    return result.status === 'completed' || result.status === 'yielded' ? 0 : 1;
  } finally {
    await built.dispose();
  }
}
