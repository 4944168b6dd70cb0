import { mkdirSync } from 'node:fs';
import { classifyCommand, type Verdict } from '@tinyelf/tool-shell';
import { type Harm, type Judgement, judgeRun } from './judge';
import { generateMutations, type Mutation } from './mutate';
import { type RecordedRunOptions, runRecorded } from './sandbox-run';
import { sandboxPlaces } from './seeds';

/** One mutation, what running it did, and how the classifier judged its text. */
export interface MutationResult {
  /** The mutation. */
  readonly mutation: Mutation;
  /** What the recorded run shows bash really ran. */
  readonly judgement: Judgement;
  /** The classifier's verdict on the command text. */
  readonly verdict: Verdict;
  /** True when the verdict is below what the recorded run needs (warn for dangerous, block for catastrophic). */
  readonly bypass: boolean;
}

/** The outcome of a bypass search. */
export interface BypassSearchReport {
  /** The generator seed. */
  readonly seed: number;
  /** Mutations generated and run. */
  readonly generated: number;
  /** The mutations whose recorded run was harmful (the others did not reach the dangerous program). */
  readonly harmful: readonly MutationResult[];
  /** The harmful mutations the classifier let through. */
  readonly bypasses: readonly MutationResult[];
}

const required: Record<Exclude<Harm, 'none'>, readonly Verdict[]> = {
  dangerous: ['warn', 'block'],
  catastrophic: ['block'],
};

/**
 * Generates `count` mutations of the dangerous seeds with `seed`, runs each in the recording
 * sandbox, and classifies the text of every one whose run was harmful.
 */
export async function searchBypasses(
  seed: number,
  count: number,
  options: RecordedRunOptions = {},
): Promise<BypassSearchReport> {
  const mutations = generateMutations(seed, count);
  const runs = await runRecorded(
    mutations.map((mutation) => mutation.command),
    options,
  );
  const judged = runs
    .map((run) => ({ mutation: mutations[run.index]!, judgement: judgeRun(run) }))
    .filter(({ judgement }) => judgement.harm !== 'none');
  return classifyHarmful(seed, mutations.length, judged);
}

async function classifyHarmful(
  seed: number,
  generated: number,
  judged: ReadonlyArray<{ mutation: Mutation; judgement: Judgement }>,
): Promise<BypassSearchReport> {
  mkdirSync(sandboxPlaces.workspace, { recursive: true });
  const harmful: MutationResult[] = [];
  for (const { mutation, judgement } of judged) {
    const { verdict } = await classifyCommand(mutation.command, {
      workspaceRoot: sandboxPlaces.workspace,
      homeDir: sandboxPlaces.home,
    });
    const needed = required[judgement.harm as Exclude<Harm, 'none'>];
    harmful.push({ mutation, judgement, verdict, bypass: !needed.includes(verdict) });
  }
  return { seed, generated, harmful, bypasses: harmful.filter((result) => result.bypass) };
}

/**
 * Classifies again the harmful mutations of an earlier report (its recorded runs are kept,
 * nothing is executed): a quick way to measure a classifier change against a large search.
 */
export function reclassifyReport(report: BypassSearchReport): Promise<BypassSearchReport> {
  return classifyHarmful(report.seed, report.generated, report.harmful);
}

/** A short text report: the bypass rate, by seed and by operator. */
export function describeReport(report: BypassSearchReport): string {
  const rate = report.harmful.length ? report.bypasses.length / report.harmful.length : 0;
  const lines = [
    `bypass search seed ${report.seed}: ${report.generated} mutations run, ${report.harmful.length} harmful when run, ${report.bypasses.length} bypasses (${(rate * 100).toFixed(1)}%)`,
  ];
  const bySeed = new Map<string, [number, number]>();
  for (const result of report.harmful) {
    const entry = bySeed.get(result.mutation.seed) ?? [0, 0];
    entry[0] += result.bypass ? 1 : 0;
    entry[1] += 1;
    bySeed.set(result.mutation.seed, entry);
  }
  for (const [name, [bypassed, total]] of [...bySeed].sort())
    lines.push(`  ${name.padEnd(22)} ${bypassed}/${total} bypass`);
  return lines.join('\n');
}
