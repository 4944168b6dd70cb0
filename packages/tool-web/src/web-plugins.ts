import {
  type BackgroundModel,
  BuildStep,
  PLUGIN_API_VERSION,
  Tokens,
  type ToolBuildContext,
  type ToolPlugin,
} from '@tinyelf/core';
import { setupWebSearch, type WebSearchOptions } from './search/setup-web-search';
import { createWebFetchTool, type WebFetchToolOptions } from './tools/web-fetch';

/** The WebFetch plugin's name, and the key of its configuration section. */
export const WEB_FETCH_PLUGIN_NAME = 'webFetch';
/** The WebSearch plugin's name, and the key of its configuration section. */
export const WEB_SEARCH_PLUGIN_NAME = 'webSearch';

/**
 * The WebFetch plugin, at step WebFetch. The background model comes from the options, or from the
 * container (`Tokens.BackgroundModel`) when one is registered there.
 */
export function createWebFetchPlugin(options: WebFetchToolOptions = {}): ToolPlugin {
  return {
    name: WEB_FETCH_PLUGIN_NAME,
    apiVersion: PLUGIN_API_VERSION,
    step: BuildStep.WebFetch,
    createTools(context: ToolBuildContext) {
      const section = (context.config[WEB_FETCH_PLUGIN_NAME] ?? {}) as WebFetchToolOptions;
      const backgroundModel =
        options.backgroundModel ??
        (context.container.isRegistered(Tokens.BackgroundModel, true)
          ? context.container.resolve<BackgroundModel>(Tokens.BackgroundModel)
          : undefined);
      return [createWebFetchTool({ ...options, ...section, backgroundModel })];
    },
  };
}

/**
 * The WebSearch plugin, at step WebSearch: the provider's native search, the configured services,
 * or (ineligible, with the reason logged) nothing.
 */
export function createWebSearchPlugin(options: WebSearchOptions = {}): ToolPlugin {
  const setupFor = (context: ToolBuildContext) =>
    setupWebSearch({
      ...options,
      ...((context.config[WEB_SEARCH_PLUGIN_NAME] ?? {}) as WebSearchOptions),
    });
  return {
    name: WEB_SEARCH_PLUGIN_NAME,
    apiVersion: PLUGIN_API_VERSION,
    step: BuildStep.WebSearch,
    isEligible(context) {
      const setup = setupFor(context);
      if (!setup.tool) context.logger.warn(`WebSearch is not registered: ${setup.reason}.`);
      return setup.tool !== undefined;
    },
    createTools(context) {
      const setup = setupFor(context);
      context.logger.info(`WebSearch: ${setup.tier} (${setup.reason}).`);
      return setup.tool ? [setup.tool] : [];
    },
  };
}
