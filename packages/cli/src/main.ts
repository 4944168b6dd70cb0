import { parseArgs } from 'node:util';

const usage = `Usage:
  tinyelf tools [--json] [--agent NAME] [--mode MODE]
  tinyelf call TOOL [JSON | key=value ...] [--yes] [--agent NAME] [--mode MODE]
  tinyelf mcp serve [--approve-risky] [--http [--port N] [--host ADDRESS] [--allow-host NAME]... [--allow-origin ORIGIN]... [--no-auth]]
  tinyelf mcp login SERVER | logout SERVER
  tinyelf run "PROMPT" [--mode MODE] [--yes] [--max-iterations N] [--system-prompt-file FILE]
  tinyelf skills list | search QUERY | install ID [--replace]
Options: --dir FOLDER (the workspace, default the current folder), --verbose (every plugin
skipped or failed and why, and stack traces), --help.`;

/** A whole number from the command line (`--port 8080`), or a clear error naming the option. */
function wholeNumber(
  option: string,
  value: unknown,
  minimum: number,
  maximum = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (typeof value !== 'string' || !/^\d+$/.test(value) || number < minimum || number > maximum)
    throw new Error(
      `--${option} must be a whole number ${maximum === Number.MAX_SAFE_INTEGER ? `of at least ${minimum}` : `from ${minimum} to ${maximum}`}, not "${String(value)}".`,
    );
  return number;
}

/** Runs the tinyelf command line (each command's modules load only when it runs); resolves to the exit code. Errors are one line (the stack with --verbose). */
export async function main(argv: readonly string[]): Promise<number> {
  let parsed: ReturnType<
    typeof parseArgs<{
      allowPositionals: true;
      options: Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;
    }>
  >;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        json: { type: 'boolean' },
        agent: { type: 'string' },
        mode: { type: 'string' },
        yes: { type: 'boolean' },
        http: { type: 'boolean' },
        port: { type: 'string' },
        host: { type: 'string' },
        'no-auth': { type: 'boolean' },
        'allow-host': { type: 'string', multiple: true },
        'allow-origin': { type: 'string', multiple: true },
        dir: { type: 'string' },
        replace: { type: 'boolean' },
        verbose: { type: 'boolean' },
        'max-iterations': { type: 'string' },
        'system-prompt-file': { type: 'string' },
        'approve-risky': { type: 'boolean' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${usage}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  const [command, ...rest] = positionals;
  const common = {
    folder: values.dir as string | undefined,
    agent: values.agent as string | undefined,
    mode: values.mode as string | undefined,
    verbose: values.verbose as boolean | undefined,
  };
  if (command === undefined || values.help) {
    (values.help ? process.stdout : process.stderr).write(`${usage}\n`);
    return values.help ? 0 : 2;
  }
  try {
    switch (command) {
      case 'tools':
        return await (await import('./commands/tools-command')).toolsCommand({
          ...common,
          json: values.json as boolean | undefined,
        });
      case 'call':
        if (!rest[0]) throw new Error('Usage: tinyelf call TOOL [JSON | key=value ...] [--yes]');
        return await (await import('./commands/call-command')).callCommand(rest[0], rest.slice(1), {
          ...common,
          yes: values.yes as boolean | undefined,
        });
      case 'mcp':
        if ((rest[0] === 'login' || rest[0] === 'logout') && rest[1]) {
          const login = await import('./commands/mcp-login-command');
          return await (rest[0] === 'login' ? login.mcpLoginCommand : login.mcpLogoutCommand)(
            rest[1],
            { folder: common.folder },
          );
        }
        if (rest[0] !== 'serve')
          throw new Error(
            'Usage: tinyelf mcp serve [--http [--port N]] | tinyelf mcp login SERVER | tinyelf mcp logout SERVER',
          );
        return await (await import('./commands/mcp-serve-command')).mcpServeCommand({
          ...common,
          http: values.http as boolean | undefined,
          port: wholeNumber('port', values.port, 0, 65_535),
          host: values.host as string | undefined,
          noAuth: values['no-auth'] as boolean | undefined,
          allowHosts: values['allow-host'] as string[] | undefined,
          allowOrigins: values['allow-origin'] as string[] | undefined,
          approveRisky: values['approve-risky'] as boolean | undefined,
        });
      case 'run':
        if (!rest[0]) throw new Error('Usage: tinyelf run "PROMPT"');
        return await (await import('./commands/run-command')).runCommand(rest.join(' '), {
          ...common,
          yes: values.yes as boolean | undefined,
          maxIterations: wholeNumber('max-iterations', values['max-iterations'], 1),
          systemPromptFile: values['system-prompt-file'] as string | undefined,
        });
      case 'skills':
        return await (await import('./commands/skills-command')).skillsCommand(rest[0], rest[1], {
          folder: common.folder,
          replace: values.replace as boolean | undefined,
        });
      default:
        process.stderr.write(`tinyelf: unknown command "${command}".\n${usage}\n`);
        return 2;
    }
  } catch (error) {
    process.stderr.write(
      `tinyelf: ${values.verbose ? ((error as Error).stack ?? String(error)) : ((error as Error).message ?? String(error))}\n`,
    );
    return 1;
  }
}
