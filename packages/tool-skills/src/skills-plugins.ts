import { homedir } from 'node:os';
import { join } from 'node:path';
import {
  BuildStep,
  PLUGIN_API_VERSION,
  type ToolBuildContext,
  type ToolPlugin,
} from '@tinyelf/core';
import { CommandLoader } from './commands/command-loader';
import { SkillHubClient } from './skillhub/skillhub-client';
import { SkillsLoader } from './skills/skills-loader';
import { SKILLS_CONFIG_SCHEMA } from './skills-config-schema';
import type { SkillsOptions } from './skills-options';
import { createListSkillsTool, createReadSkillTool } from './tools/skill-tools';
import { createSkillHubInstallTool, createSkillHubSearchTool } from './tools/skillhub-tools';
import { createSlashCommandTool } from './tools/slash-command-tool';

/** The configuration section all three plugins read. */
export const SKILLS_CONFIG_SECTION = 'skills';

function optionsFor(options: SkillsOptions, context: ToolBuildContext): SkillsOptions {
  return { ...options, ...((context.config[SKILLS_CONFIG_SECTION] ?? {}) as SkillsOptions) };
}

/** The skills loader for a build (also reports malformed and shadowed skills to the logger). */
function loaderFor(options: SkillsOptions, context: ToolBuildContext): SkillsLoader {
  const loader = new SkillsLoader({
    workspaceRoot: context.workspaceRoot,
    ...optionsFor(options, context),
  });
  for (const problem of loader.scan().problems)
    context.logger.warn(`Skill ${problem.path}: ${problem.message}.`);
  return loader;
}

/** The Skills plugin, at step Skills: list_skills and read_skill. */
export function createSkillsPlugin(options: SkillsOptions = {}): ToolPlugin {
  return {
    name: 'skills',
    apiVersion: PLUGIN_API_VERSION,
    step: BuildStep.Skills,
    configKey: SKILLS_CONFIG_SECTION,
    configSchema: SKILLS_CONFIG_SCHEMA,
    createTools: (context) => {
      const loader = loaderFor(options, context);
      return [createListSkillsTool(loader), createReadSkillTool(loader, context.workspaceRoot)];
    },
  };
}

/** The SkillHub plugin, at step SkillHub: skillhub_search and skillhub_install; ineligible without a registry URL. */
export function createSkillHubPlugin(options: SkillsOptions = {}): ToolPlugin {
  return {
    name: 'skillhub',
    apiVersion: PLUGIN_API_VERSION,
    step: BuildStep.SkillHub,
    configKey: SKILLS_CONFIG_SECTION,
    configSchema: SKILLS_CONFIG_SCHEMA,
    isEligible: (context) =>
      optionsFor(options, context).registryUrl
        ? true
        : { eligible: false, reason: 'no skills.registryUrl is configured' },
    createTools: (context) => {
      const resolved = optionsFor(options, context);
      const client = new SkillHubClient({
        registryUrl: resolved.registryUrl ?? '',
        maxArchiveBytes: resolved.maxArchiveBytes,
        guard: {
          allowPrivateNetwork: resolved.allowPrivateNetwork,
          allowedHosts: resolved.allowedHosts,
          lookup: resolved.lookup,
        },
        connect: resolved.connect,
      });
      const inWorkspace = resolved.installTo === 'workspace';
      const base = inWorkspace ? context.workspaceRoot : (resolved.homeDir ?? homedir());
      return [
        createSkillHubSearchTool(client),
        createSkillHubInstallTool(client, join(base, '.tinyelf', 'skills'), {
          containedIn: inWorkspace ? context.workspaceRoot : undefined,
        }),
      ];
    },
  };
}

/** The SlashCommand plugin, at step SlashCommand: slash_command. */
export function createSlashCommandPlugin(options: Pick<SkillsOptions, 'homeDir'> = {}): ToolPlugin {
  return {
    name: 'slash-commands',
    apiVersion: PLUGIN_API_VERSION,
    step: BuildStep.SlashCommand,
    configKey: SKILLS_CONFIG_SECTION,
    configSchema: SKILLS_CONFIG_SCHEMA,
    createTools: (context) => [
      createSlashCommandTool(
        new CommandLoader({
          workspaceRoot: context.workspaceRoot,
          homeDir: optionsFor(options, context).homeDir,
        }),
      ),
    ],
  };
}
