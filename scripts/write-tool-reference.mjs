// Writes the generated tool reference (scripts/tool-reference.mjs) into each tool package's
// README, between its markers (added before "## Errors" the first time). Run after `pnpm build`:
// node scripts/write-tool-reference.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { END, REFERENCED_PACKAGES, START, toolReference } from './tool-reference.mjs';

for (const folder of REFERENCED_PACKAGES) {
  const path = fileURLToPath(new URL(`../packages/${folder}/README.md`, import.meta.url));
  const readme = readFileSync(path, 'utf8');
  const reference = await toolReference(folder);
  const start = readme.indexOf(START);
  const updated =
    start === -1
      ? readme.replace('## Errors', `## Tools and parameters\n\n${reference}\n\n## Errors`)
      : `${readme.slice(0, start)}${reference}${readme.slice(readme.indexOf(END) + END.length)}`;
  writeFileSync(path, updated);
  console.log(`${folder}/README.md: tool reference written`);
}
