import { createHash } from 'node:crypto';
import { commandForms } from './command-forms';
import { Random, singleQuote } from './random';
import { scriptWrappers } from './script-wrappers';
import { optionSpellings, type Seed, seeds } from './seeds';
import { Names, wordSpellings } from './word-spellings';

/** One rewritten dangerous command. */
export interface Mutation {
  /** Stable key: the first 16 hex digits of the SHA-256 of the command text. */
  readonly hash: string;
  /** The seed it was rewritten from. */
  readonly seed: string;
  /** The operators applied, in order. */
  readonly recipe: readonly string[];
  /** The command text, as the model would send it. */
  readonly command: string;
}

/** The stable key of a command text. */
export function mutationHash(command: string): string {
  return createHash('sha256').update(command).digest('hex').slice(0, 16);
}

type Step = 'option' | 'word' | 'form' | 'wrap';

/** The seed's words with one option word respelled, when the step asks for it. */
function respellOptions(argv: readonly string[], steps: Step[], random: Random, recipe: string[]) {
  const table = optionSpellings[argv[0]!];
  const candidates = argv.map((_word, index) => index).filter((index) => table?.[argv[index]!]);
  if (!steps.includes('option') || !table || candidates.length === 0) return argv;
  const index = random.pick(candidates);
  const replacement = random.pick(table[argv[index]!]!);
  recipe.push(`option:${replacement.join(' ')}`);
  return [...argv.slice(0, index), ...replacement, ...argv.slice(index + 1)];
}

function mutateArgv(seed: Seed & { argv: readonly string[] }, steps: Step[], random: Random) {
  const names = new Names();
  const recipe: string[] = [];
  const values = respellOptions(seed.argv, steps, random, recipe);
  const words = values.map((value) =>
    /^[A-Za-z0-9_./@:=+,%-]+$/.test(value) || value === '{}' ? value : singleQuote(value),
  );
  const prelude: string[] = [];
  const spelled = new Set<number>();
  for (const step of steps.filter((s) => s === 'word')) {
    void step;
    const index = random.below(words.length);
    if (spelled.has(index)) continue;
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const spelling = random.pick(wordSpellings);
      const result = spelling.spell(values[index]!, random, names);
      if (!result) continue;
      words[index] = result.text;
      prelude.push(...result.prelude);
      spelled.add(index);
      recipe.push(`${spelling.name}@${index}`);
      break;
    }
  }
  let statement = words.join(' ');
  if (steps.includes('form')) {
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const form = random.pick(commandForms);
      const built = form.build(words, values, random, names);
      if (built === undefined) continue;
      statement = built;
      recipe.push(form.name);
      break;
    }
  }
  return { script: [...prelude, statement].join('; '), recipe };
}

function mutateOnce(random: Random): Mutation {
  const seed = random.pick(seeds);
  const depth = 1 + random.below(3);
  const steps: Step[] = [];
  for (let index = 0; index < depth; index += 1) {
    const roll = random.next();
    const argvStep = roll < 0.15 ? 'option' : roll < 0.45 ? 'word' : roll < 0.72 ? 'form' : 'wrap';
    steps.push('argv' in seed ? argvStep : 'wrap');
  }
  let script: string;
  let recipe: string[];
  if ('argv' in seed) ({ script, recipe } = mutateArgv(seed, steps, random));
  else {
    script = seed.script;
    recipe = [];
  }
  for (const step of steps.filter((s) => s === 'wrap')) {
    void step;
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const wrapper = random.pick(scriptWrappers);
      const wrapped = wrapper.wrap(script);
      if (wrapped === undefined) continue;
      script = wrapped;
      recipe.push(wrapper.name);
      break;
    }
  }
  return { hash: mutationHash(script), seed: seed.name, recipe, command: script };
}

/**
 * `count` distinct mutations of the seeds, each rewritten by one to three operators (word
 * spellings, a command form, script wrappers), always the same for the same `seed`.
 */
export function generateMutations(seed: number, count: number): Mutation[] {
  const random = new Random(seed);
  const found = new Map<string, Mutation>();
  for (let attempt = 0; found.size < count && attempt < count * 20; attempt += 1) {
    const mutation = mutateOnce(random);
    if (mutation.recipe.length > 0 && !found.has(mutation.hash)) found.set(mutation.hash, mutation);
  }
  return [...found.values()];
}
