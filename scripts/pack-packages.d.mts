/** The repository's root folder. */
export declare const root: string;
/** The folders of the publishable packages (packages/*), with their package names. */
export declare function publishablePackages(): { dir: string; name: string }[];
/** Packs every publishable package into `destination`; a map from package name to tarball path. */
export declare function packAll(destination: string): Promise<Map<string, string>>;
