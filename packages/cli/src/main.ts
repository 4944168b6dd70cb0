import { parseArgs } from 'node:util';

const usage = `Usage:
  tinyelf tools [--json] [--agent NAME] [--mode MODE]
  tinyelf call TOOL [JSON | key=value ...] [--yes] [--agent NAME] [--mode MODE]
  tinyelf mcp serve [--http [--port N] [--host ADDRESS] [--allow-host NAME]... [--allow-origin ORIGIN]... [--no-auth]]
  tinyelf mcp login SERVER | logout SERVER
  tinyelf run "PROMPT" [--mode MODE] [--yes] [--max-iterations N]
  tinyelf skills list | search QUERY | install ID [--replace]
Options: --dir FOLDER (the workspace, default the current folder), --verbose (stack traces).`;

/** The `--port` value as a number, or a clear error. */
function parsePort(port: string | undefined): number | undefined {
  if (port === undefined) return undefined;
  if (!/^\d{1,5}$/.test(port) || Number(port) > 65535)
    throw new Error(`--port must be a number from 0 to 65535, not "${port}".`);
  return Number(port);
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
  };
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
          port: parsePort(values.port as string | undefined),
          host: values.host as string | undefined,
          noAuth: values['no-auth'] as boolean | undefined,
          allowHosts: values['allow-host'] as string[] | undefined,
          allowOrigins: values['allow-origin'] as string[] | undefined,
        });
      case 'run':
        if (!rest[0]) throw new Error('Usage: tinyelf run "PROMPT"');
        return await (await import('./commands/run-command')).runCommand(rest.join(' '), {
          ...common,
          yes: values.yes as boolean | undefined,
          maxIterations: values['max-iterations'] ? Number(values['max-iterations']) : undefined,
        });
      case 'skills':
        return await (await import('./commands/skills-command')).skillsCommand(rest[0], rest[1], {
          folder: common.folder,
          replace: values.replace as boolean | undefined,
        });
      default:
        process.stdout.write(`${usage}\n`);
        return command === undefined || values.help ? 0 : 2;
    }
  } catch (error) {
    process.stderr.write(
      `tinyelf: ${values.verbose ? ((error as Error).stack ?? String(error)) : ((error as Error).message ?? String(error))}\n`,
    );
    return 1;
  }
}
