import { AgentLoop, OpenAIChatClient } from '@tinyelf/agent';
import { type ComposeOptions, composeRegistry, parseMode } from '../compose-registry';
import { askOnTerminal, canAsk } from '../terminal';

/**
 * `tinyelf run "PROMPT" [--mode MODE] [--yes]`: the agent loop with an OpenAI-compatible model
 * from the environment (OPENAI_BASE_URL, OPENAI_API_KEY, TINYELF_MODEL), each tool call shown and
 * confirmed on the terminal (or by `--yes`; without either, calls that need confirmation are
 * denied). The final answer goes to standard output.
 */
export async function runCommand(
  prompt: string,
  options: ComposeOptions & { yes?: boolean; maxIterations?: number },
): Promise<number> {
  const built = await composeRegistry(options);
  try {
    const loop = new AgentLoop({
      model: new OpenAIChatClient(),
      registry: built.registry,
      policy: built.policy,
      permissionMode: parseMode(options.mode),
      maxIterations: options.maxIterations,
      confirm: options.yes
        ? async () => 'allow'
        : canAsk()
          ? ({ toolName, args, warnings }) => askOnTerminal(toolName, args, warnings)
          : undefined,
      onEvent: (event) => {
        if (event.type === 'tool-call')
          process.stderr.write(`> ${event.toolName} ${JSON.stringify(event.args)}\n`);
        if (event.type === 'tool-result')
          process.stderr.write(
            `${event.isError ? '  error' : '  ok'}: ${event.content.split('\n')[0]?.slice(0, 120)}\n`,
          );
      },
    });
    const controller = new AbortController();
    process.once('SIGINT', () => controller.abort());
    const result = await loop.run(prompt, { signal: controller.signal });
    process.stdout.write(`${result.output}\n`);
    return result.status === 'completed' || result.status === 'yielded' ? 0 : 1;
  } finally {
    await built.dispose();
  }
}
