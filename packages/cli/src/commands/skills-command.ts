import { homedir } from 'node:os';
import { join } from 'node:path';
import { loadBuilderConfig } from '@tinyelf/builder';
import {
  installSkillArchive,
  SkillHubClient,
  SkillsLoader,
  type SkillsOptions,
} from '@tinyelf/tool-skills';

/** `tinyelf skills list | search QUERY | install ID [--replace]`, with download progress. */
export async function skillsCommand(
  action: string | undefined,
  argument: string | undefined,
  options: { folder?: string; replace?: boolean },
): Promise<number> {
  const { config } = await loadBuilderConfig({ folder: options.folder });
  const workspaceRoot = config.workspaceRoot ?? process.cwd();
  const skills = (config.skills ?? {}) as SkillsOptions;
  if (action === 'list') {
    const { skills: found, problems } = new SkillsLoader({ workspaceRoot, ...skills }).scan();
    process.stdout.write(
      `${found.map((skill) => `${skill.name} (${skill.source}): ${skill.description}`).join('\n') || 'No skills are installed.'}\n`,
    );
    for (const problem of problems) process.stderr.write(`${problem.path}: ${problem.message}\n`);
    return 0;
  }
  if (!skills.registryUrl)
    throw new Error(
      'No SkillHub registry is configured: set skills.registryUrl in tinyelf.config.json.',
    );
  let shownPercent: number | undefined;
  const client = new SkillHubClient({
    registryUrl: skills.registryUrl,
    maxArchiveBytes: skills.maxArchiveBytes,
    guard: { allowPrivateNetwork: skills.allowPrivateNetwork, allowedHosts: skills.allowedHosts },
    // Reported as the bytes arrive; written when the percentage changes.
    onProgress: (received, total) => {
      const percent = Math.round((received / Math.max(total, 1)) * 100);
      if (percent === shownPercent) return;
      shownPercent = percent;
      process.stderr.write(`\rDownloading: ${percent}% (${received} of ${total} bytes)`);
    },
  });
  if (action === 'search') {
    if (!argument) throw new Error('Usage: tinyelf skills search QUERY');
    const found = await client.search(argument);
    process.stdout.write(
      `${found.map((entry) => `${entry.id} ${entry.version}: ${entry.description}`).join('\n') || `Nothing matches "${argument}".`}\n`,
    );
    return 0;
  }
  if (action === 'install') {
    if (!argument) throw new Error('Usage: tinyelf skills install ID [--replace]');
    const entry = (await client.index()).find((candidate) => candidate.id === argument);
    if (!entry) throw new Error(`SkillHub has no skill "${argument}".`);
    const { archive, format } = await client.download(entry);
    process.stderr.write('\n');
    const base = skills.installTo === 'workspace' ? workspaceRoot : (skills.homeDir ?? homedir());
    const installed = await installSkillArchive({
      archive,
      format,
      name: entry.id,
      skillsFolder: join(base, '.tinyelf', 'skills'),
      containedIn: skills.installTo === 'workspace' ? workspaceRoot : undefined,
      replace: options.replace,
    });
    process.stdout.write(`Installed ${installed.name} ${entry.version} in ${installed.folder}.\n`);
    return 0;
  }
  throw new Error('Usage: tinyelf skills list | search QUERY | install ID');
}
