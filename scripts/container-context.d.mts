/**
 * Packs every publishable package and installs them with npm into `folder`/tinyelf, the build
 * context of the Containerfile; returns the folder.
 */
export declare function writeContainerContext(folder: string): Promise<string>;
