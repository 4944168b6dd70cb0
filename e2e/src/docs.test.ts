// The package READMEs stay true to the code: the generated tool reference matches the tools'
// schemas, and every error code an Errors table names is one the package (or core) can return.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { END, REFERENCED_PACKAGES, START, toolReference } from '../../scripts/tool-reference.mjs';

const packagesFolder = fileURLToPath(new URL('../../packages', import.meta.url));
const readme = (folder: string) => readFileSync(join(packagesFolder, folder, 'README.md'), 'utf8');

/** Markdown compared without the table padding a formatter adds. */
const normalize = (markdown: string) =>
  markdown
    .split('\n')
    .map((line) => (/^\|[\s|:-]+\|$/.test(line) ? '|---|' : line.replace(/ {2,}/g, ' ').trim()))
    .join('\n');

/**
 * The error codes a package's sources set: the string literals after `code:` or `code =` on a
 * line (so `code: timedOut ? 'TOOL_TIMEOUT' : 'MCP_CALL_FAILED'` gives both), tests and test
 * helpers left out.
 */
function codesIn(folder: string): Set<string> {
  const codes = new Set<string>();
  const source = join(packagesFolder, folder, 'src');
  for (const file of readdirSync(source, { recursive: true }) as string[]) {
    if (!file.endsWith('.ts') || /\.(test|suite)\.ts$/.test(file) || file.startsWith('testing'))
      continue;
    for (const line of readFileSync(join(source, file), 'utf8').split('\n')) {
      const assigned = /code(?::| =)(?!=)(.*)/.exec(line)?.[1];
      for (const match of assigned?.matchAll(/'([A-Z][A-Z_]+)'/g) ?? []) codes.add(match[1]!);
    }
  }
  return codes;
}

describe('package READMEs', () => {
  for (const folder of REFERENCED_PACKAGES) {
    it(`${folder}: the tool reference is generated from the current tools`, async () => {
      const text = readme(folder);
      const block = text.slice(text.indexOf(START), text.indexOf(END) + END.length);
      expect(text.indexOf(START), 'run node scripts/write-tool-reference.mjs').toBeGreaterThan(-1);
      expect(normalize(block), 'run node scripts/write-tool-reference.mjs').toBe(
        normalize(await toolReference(folder)),
      );
    });
  }

  const withErrors = [
    'tool-fs',
    'tool-shell',
    'tool-web',
    'tool-skills',
    'tool-mcp',
    'tool-session',
    'tool-remote',
  ];
  for (const folder of withErrors) {
    it(`${folder}: the Errors table lists exactly the codes the package returns`, () => {
      const text = readme(folder);
      const section = text.slice(
        text.indexOf('## Errors'),
        text.indexOf('\n## ', text.indexOf('## Errors') + 1),
      );
      const named = [...section.matchAll(/^\|([^|]+)\|/gm)].flatMap(([, first]) =>
        [...first!.matchAll(/`([A-Z_]+)`/g)].map((match) => match[1]!),
      );
      expect(named.length).toBeGreaterThan(1);
      const known = new Set([...codesIn(folder), ...codesIn('core')]);
      expect(named.filter((code) => !known.has(code))).toEqual([]);
      // And the other way: every code of its own the package sets is in its table (core's
      // generic codes are described once, under the table).
      const core = codesIn('core');
      expect(
        [...codesIn(folder)].filter((code) => !named.includes(code) && !core.has(code)),
      ).toEqual([]);
    });
  }
});
