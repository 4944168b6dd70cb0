/** The repository's root folder. */
export declare const root: string;
/** The folders of the publishable packages (packages/* by default), with their package names. */
export declare function publishablePackages(
  areas?: readonly string[],
): { dir: string; name: string }[];
/** Packs every publishable package of `areas` (default packages/) into `destination`; name to tarball. */
export declare function packAll(
  destination: string,
  areas?: readonly string[],
): Promise<Map<string, string>>;
