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
export const ATTACK_CASES_PATH = fileURLToPath(
  new URL('../../shared/security/attack-cases.json', import.meta.url),
);

/** A file of attack cases in the shared format, with the name the suites show for it. */
export interface AttackCaseFile {
  /** Absolute path of the JSON file (`{ cases: AttackCase[] }`). */
  readonly path: string;
  /** How suite titles name the file. */
  readonly label: string;
  /** Whether this is the shared corpus, whose size and coverage the suites also check. */
  readonly shared: boolean;
}

/** The shared corpus, `shared/security/attack-cases.json`. */
export const SHARED_ATTACK_CASES: AttackCaseFile = {
  path: ATTACK_CASES_PATH,
  label: 'shared/security/attack-cases.json',
  shared: true,
};

/**
 * The fourth red team's black-box cases for the non-Bash tools (WebFetch, the file tools,
 * skill_install), in the shared format: `e2e/src/security/redteam4-tool-cases.json`.
 */
export const REDTEAM4_TOOL_CASES: AttackCaseFile = {
  path: fileURLToPath(new URL('../e2e/src/security/redteam4-tool-cases.json', import.meta.url)),
  label: 'e2e/src/security/redteam4-tool-cases.json',
  shared: false,
};

/** Every case of the file. Throws (so the suite fails) when the file is missing. */
export function loadAllAttackCases(file: AttackCaseFile = SHARED_ATTACK_CASES): AttackCase[] {
  if (!existsSync(file.path)) {
    throw new Error(
      file.shared
        ? `The attack cases are missing: expected ${file.path} (shared/ beside the repository).`
        : `The attack cases are missing: expected ${file.path}.`,
    );
  }
  return (JSON.parse(readFileSync(file.path, 'utf8')) as { cases: AttackCase[] }).cases;
}

/** Every case of the file for the given tools. */
export function loadAttackCases(
  tools: readonly string[],
  file: AttackCaseFile = SHARED_ATTACK_CASES,
): AttackCase[] {
  return loadAllAttackCases(file).filter((entry) => tools.includes(entry.tool));
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
