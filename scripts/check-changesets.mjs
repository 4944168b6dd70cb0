// Checks every changeset the way `changeset version` will read it: front matter first, one
// `"package": major|minor|patch` line per release, each a package of this workspace. (A Markdown
// formatter once turned the front matter into headings; this catches that.)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const packages = new Set(
  ['packages', 'examples'].flatMap((area) =>
    readdirSync(join(root, area)).map(
      (folder) => JSON.parse(readFileSync(join(root, area, folder, 'package.json'), 'utf8')).name,
    ),
  ),
);
const problems = [];
for (const file of readdirSync(join(root, '.changeset')).filter((name) => name.endsWith('.md'))) {
  if (file === 'README.md') continue;
  const text = readFileSync(join(root, '.changeset', file), 'utf8');
  const match = /^---\n([\s\S]*?)^---\n\n\S/m.exec(text);
  if (match?.index !== 0) {
    problems.push(`${file}: must start with front matter (---, releases, ---, a blank line, text)`);
    continue;
  }
  for (const line of match[1].split('\n').filter(Boolean)) {
    // YAML: the name in double or single quotes (both are what `changeset version` reads).
    const release = /^(?:"([^"]+)"|'([^']+)'): (major|minor|patch)$/.exec(line);
    if (!release) problems.push(`${file}: "${line}" is not a "package": major|minor|patch line`);
    else if (!packages.has(release[1] ?? release[2]))
      problems.push(`${file}: ${release[1] ?? release[2]} is not a package here`);
  }
}
if (problems.length) {
  console.error(`Changesets that changeset version would refuse:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log('changesets: all well-formed');
