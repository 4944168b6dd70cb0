export {
  type AddressCategory,
  type CheckedUrl,
  type ConnectFunction,
  categorizeAddress,
  checkUrl,
  type LookupFunction,
  type UrlGuardOptions,
} from '@tinyelf/core';
export type { DomName } from './content/dom-builder';
export { secretInUrlWarnings } from './guard/secret-in-url';
export {
  isNativeSearchProvider,
  type NativeSearchProvider,
  nativeSearchDefinitions,
} from './search/native-search';
export type { SearchResult, SearchServiceConfig } from './search/search-services';
export {
  servicesFromEnvironment,
  setupWebSearch,
  type WebSearchOptions,
  type WebSearchSetup,
} from './search/setup-web-search';
export { createWebFetchTool, type WebFetchToolOptions } from './tools/web-fetch';
export { USER_AGENT, VERSION } from './version';
export {
  createWebFetchPlugin,
  createWebSearchPlugin,
  WEB_FETCH_PLUGIN_NAME,
  WEB_SEARCH_PLUGIN_NAME,
} from './web-plugins';
