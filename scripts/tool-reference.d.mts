/** The tool packages whose READMEs carry a generated reference. */
export declare const REFERENCED_PACKAGES: readonly string[];
/** The marker before the generated reference in a README. */
export declare const START: string;
/** The marker after it. */
export declare const END: string;
/** The Markdown reference of one package's tools (`folder` under packages/). */
export declare function toolReference(folder: string): Promise<string>;
