import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  bytesProgressReporter,
  defineJsonSchemaTool,
  type ITool,
  TinyElfError,
} from '@tinyelf/core';
import { installSkillArchive } from '../skillhub/install-skill-archive';
import type { SkillHubClient } from '../skillhub/skillhub-client';

/** `skillhub_search`: skills in the SkillHub registry matching a query. */
export function createSkillHubSearchTool(client: SkillHubClient): ITool {
  return defineJsonSchemaTool<{ query: string }>({
    name: 'skillhub_search',
    description:
      'Searches the SkillHub registry for skills to install (by id, name and description).',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'Words to look for.' } },
      required: ['query'],
    },
    readOnly: true,
    async execute({ query }, context) {
      const found = await client.search(query, context?.signal);
      if (found.length === 0) return `No skill in SkillHub matches "${query}".`;
      return found
        .map((entry) => `- ${entry.id} (${entry.version}): ${entry.description}`)
        .join('\n');
    },
  });
}

/** Options of {@link createSkillHubInstallTool}. */
export interface SkillHubInstallToolOptions {
  /**
   * A folder the skills folder must really be in, links followed: the workspace when skills are
   * installed into it, so a `.tinyelf/skills` link planted in a repository cannot send an install
   * outside. @default none
   */
  readonly containedIn?: string;
}

/** `skillhub_install`: downloads, checks and installs a skill; list_skills shows it at once. */
export function createSkillHubInstallTool(
  client: SkillHubClient,
  skillsFolder: string,
  options: SkillHubInstallToolOptions = {},
): ITool {
  return defineJsonSchemaTool<{ skillId: string; replace?: boolean }>({
    name: 'skillhub_install',
    description: `Installs a skill from SkillHub into ${skillsFolder}. The archive is checked against the registry's SHA-256 and unpacked safely. An installed skill of the same name is replaced only with replace: true.`,
    parameters: {
      type: 'object',
      properties: {
        skillId: { type: 'string', description: 'The skill id, as skillhub_search shows it.' },
        replace: {
          type: 'boolean',
          description: 'Replace an installed skill of the same name.',
          default: false,
        },
      },
      required: ['skillId'],
    },
    assessRisk: ({ skillId }) =>
      existsSync(join(skillsFolder, skillId))
        ? [
            {
              rule: 'skill-overwrite',
              message: `A skill named "${skillId}" is already installed; installing would replace it.`,
            },
          ]
        : [
            {
              rule: 'skill-install',
              message: `Installs the skill "${skillId}" from SkillHub; skills carry instructions and scripts the agent will follow.`,
            },
          ],
    async execute({ skillId, replace }, context) {
      const entry = (await client.index(context?.signal)).find(
        (candidate) => candidate.id === skillId,
      );
      if (!entry)
        throw new TinyElfError({
          code: 'SKILL_NOT_FOUND',
          message: `SkillHub has no skill with id "${skillId}"; use skillhub_search to find one.`,
        });
      const report = context?.onProgress;
      const { archive, format } = await client.download(
        entry,
        context?.signal,
        report && bytesProgressReporter(report, `Downloading ${entry.id}:`),
      );
      const installed = await installSkillArchive({
        archive,
        format,
        name: entry.id,
        skillsFolder,
        containedIn: options.containedIn,
        replace,
      });
      return `${installed.replaced ? 'Replaced' : 'Installed'} skill ${installed.name} ${entry.version} in ${installed.folder} (${installed.files.length} files). list_skills shows it now; read it with read_skill.`;
    },
  });
}
