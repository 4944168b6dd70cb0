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
  const rows = built.diagnostics.plugins.flatMap((entry) =>
    entry.tools
      .filter((tool) => built.registry.has(tool))
      .map((tool) => ({
        step: entry.step,
        tool,
        plugin: entry.plugin,
        asks: built.policy.requiresConfirmation(tool, mode),
      })),
  );
  if (options.json) {
    process.stdout.write(
      `${JSON.stringify({ tools: rows, diagnostics: built.diagnostics }, null, 2)}\n`,
    );
  } else {
    const width = Math.max(4, ...rows.map((row) => row.tool.length));
    const lines = rows.map(
      (row) =>
        `${row.step.padEnd(13)} ${row.tool.padEnd(width)}  ${row.asks ? 'asks' : 'safe'}  ${row.plugin}`,
    );
    const notes = diagnosticLines(built);
    process.stdout.write(
      `${[`${'step          tool'.padEnd(14 + width)}  confirm  plugin`, ...lines, ...(notes.length ? ['', ...notes] : [])].join('\n')}\n`,
    );
  }
  await built.dispose();
  return 0;
}
