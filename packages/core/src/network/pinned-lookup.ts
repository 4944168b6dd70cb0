import type { LookupAddress } from 'node:dns';
import type { CheckedUrl, LookupFunction } from './url-guard';

/**
 * A `lookup` for `http.request`, `net.connect` or an undici `Agent`'s `connect` options that
 * always answers with the address {@link checkUrl} checked, so a second DNS answer (rebinding)
 * can never send the connection elsewhere. Use it for exactly one checked URL; check every
 * redirect again and make a new lookup for it.
 */
export function pinnedLookup(checked: Pick<CheckedUrl, 'address' | 'family'>): LookupFunction {
  const address = checked.address.replace(/^\[|\]$/g, '');
  return ((
    _hostname: string,
    options: unknown,
    callback?: (
      error: NodeJS.ErrnoException | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void,
  ) => {
    const done = (typeof options === 'function' ? options : callback) as NonNullable<
      typeof callback
    >;
    const all = typeof options === 'object' && options !== null && 'all' in options && options.all;
    if (all) done(null, [{ address, family: checked.family }]);
    else done(null, address, checked.family);
  }) as unknown as LookupFunction;
}
