/**
 * Packs every publishable package into `folder`/packed with the package.json the Containerfile
 * installs from; returns the folder (the build context).
 */
export declare function writeContainerContext(folder: string): Promise<string>;
