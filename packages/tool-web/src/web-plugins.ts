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
import { WEB_FETCH_CONFIG_SCHEMA, WEB_SEARCH_CONFIG_SCHEMA } from './web-config-schemas';

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
    configKey: WEB_FETCH_PLUGIN_NAME,
    configSchema: WEB_FETCH_CONFIG_SCHEMA,
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
 * or (ineligible, with the reason in the build's diagnostics) nothing.
 */
export function createWebSearchPlugin(options: WebSearchOptions = {}): ToolPlugin {
  const setupFor = (context: ToolBuildContext) => {
    const merged: WebSearchOptions = {
      ...options,
      ...((context.config[WEB_SEARCH_PLUGIN_NAME] ?? {}) as WebSearchOptions),
    };
    const registered =
      merged.services === undefined &&
      context.container.isRegistered(Tokens.WebSearchServices, true)
        ? context.container.resolve<WebSearchOptions['services']>(Tokens.WebSearchServices)
        : undefined;
    return setupWebSearch(registered ? { ...merged, services: registered } : merged);
  };
  return {
    name: WEB_SEARCH_PLUGIN_NAME,
    apiVersion: PLUGIN_API_VERSION,
    step: BuildStep.WebSearch,
    configKey: WEB_SEARCH_PLUGIN_NAME,
    configSchema: WEB_SEARCH_CONFIG_SCHEMA,
    isEligible(context) {
      const setup = setupFor(context);
      return setup.tool ? true : { eligible: false, reason: setup.reason };
    },
    createTools(context) {
      const setup = setupFor(context);
      context.logger.info(`WebSearch: ${setup.tier} (${setup.reason}).`);
      return setup.tool ? [setup.tool] : [];
    },
  };
}
