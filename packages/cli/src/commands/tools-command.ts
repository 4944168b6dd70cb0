import {
  type ComposeOptions,
  composeRegistry,
  diagnosticLines,
  parseMode,
} from '../compose-registry';

/** `tinyelf tools`: the composed registry step by step, and the diagnostics. */
export async function toolsCommand(options: ComposeOptions & { json?: boolean }): Promise<number> {
  // This command shows the diagnostics itself, on stdout.
  const built = await composeRegistry({ ...options, verbose: false });
  const mode = parseMode(options.mode) ?? 'default';
  // The policy's decision for a call of the tool as such (its rules and the mode); a call's
  // arguments and risk warnings can still make it ask or be refused.
  const workspaceRoot = built.registry.options.workspaceRoot;
  const rows = await Promise.all(
    built.diagnostics.plugins.flatMap((entry) =>
      entry.tools
        .filter((tool) => built.registry.has(tool))
        .map(async (tool) => {
          const decided = await built.policy.decide({
            tool: built.registry.get(tool)!,
            mode,
            workspaceRoot,
          });
          return {
            step: entry.step,
            tool,
            plugin: entry.plugin,
            asks: decided.behavior !== 'allow',
            decision: decided.behavior,
          };
        }),
    ),
  );
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify({ tools: rows, diagnostics: built.diagnostics }, null, 2)}\n`,
    );
  } else {
    const width = Math.max(4, ...rows.map((row) => row.tool.length));
    const lines = rows.map(
      (row) =>
        `${row.step.padEnd(13)} ${row.tool.padEnd(width)}  ${row.decision === 'deny' ? 'deny' : row.asks ? 'asks' : 'safe'}  ${row.plugin}`,
    );
    const notes = diagnosticLines(built);
    process.stdout.write(
      `${[`${'step          tool'.padEnd(14 + width)}  confirm  plugin`, ...lines, ...(notes.length ? ['', ...notes] : [])].join('\n')}\n`,
    );
  }
  await built.dispose();
  return 0;
}
