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
export { createWebFetchTool, type WebFetchToolOptions } from './tools/web-fetch';
export { USER_AGENT, VERSION } from './version';
