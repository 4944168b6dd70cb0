export type { DomName } from './content/dom-builder';
export type { ConnectFunction } from './fetch/http-client';
export { type AddressCategory, categorizeAddress } from './guard/ip-address';
export { secretInUrlWarnings } from './guard/secret-in-url';
export {
  type CheckedUrl,
  checkUrl,
  type LookupFunction,
  type UrlGuardOptions,
} from './guard/url-guard';
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
