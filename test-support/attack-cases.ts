import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';

/** One adversarial input from `shared/security/attack-cases.json`. */
export interface AttackCase {
  readonly id: string;
  readonly tool: string;
  readonly input: Record<string, unknown>;
  readonly setup?: string;
  readonly expect: 'blocked' | 'warn' | 'allowed';
  readonly why: string;
}

/** Where the shared attack cases are: `../shared` beside the repository (CI lays it there too). */
export const ATTACK_CASES_PATH =
  process.env.ATTACK_CASES_FILE ??
  fileURLToPath(new URL('../../shared/security/attack-cases.json', import.meta.url));

/** Every case of the file. Throws (so the suite fails) when the file is missing. */
export function loadAllAttackCases(): AttackCase[] {
  if (!existsSync(ATTACK_CASES_PATH)) {
    throw new Error(
      `The attack cases are missing: expected ${ATTACK_CASES_PATH} (shared/ beside the repository).`,
    );
  }
  return (JSON.parse(readFileSync(ATTACK_CASES_PATH, 'utf8')) as { cases: AttackCase[] }).cases;
}

/** Every case for the given tools. */
export function loadAttackCases(tools: readonly string[]): AttackCase[] {
  return loadAllAttackCases().filter((entry) => tools.includes(entry.tool));
}

/** Replaces the placeholders of a case (`{{WS}}`, `{{WS_NAME}}`, `{{OUTSIDE}}`, `{{HOME}}`) in any JSON value. */
export function fillPlaceholders<T>(
  value: T,
  places: { workspace: string; outside: string; home?: string },
): T {
  if (value === undefined) return value;
  const name = places.workspace.split('/').filter(Boolean).at(-1) ?? '';
  const replace = (text: string) =>
    text
      .replaceAll('{{WS_NAME}}', name)
      .replaceAll('{{WS}}', places.workspace)
      .replaceAll('{{OUTSIDE}}', places.outside)
      .replaceAll('{{HOME}}', places.home ?? homedir());
  return JSON.parse(JSON.stringify(value), (_key, item) =>
    typeof item === 'string' ? replace(item) : item,
  ) as T;
}

/** The steps of a case's setup (`file P=TEXT; symlink P -> T; ...`), split and trimmed. */
export function setupSteps(setup: string | undefined): string[] {
  if (!setup) return [];
  return setup
    .split(';')
    .map((step) => step.trim())
    .filter(Boolean);
}
