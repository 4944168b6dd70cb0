import type { WorkspaceGuard } from '@tinyelf/core';

/** Options of {@link createFileSystemTools} and the file-system plugin. */
export interface FileSystemToolsOptions {
  /** The workspace root; relative paths resolve against it. */
  readonly workspaceRoot: string;
  /** Refuse paths whose real location is outside the workspace. @default true */
  readonly restrictToWorkspace?: boolean;
  /** More folders the tools may use when restricted. @default [] */
  readonly allowedPaths?: readonly string[];
  /** Folders or files the tools never touch. @default [] */
  readonly deniedPaths?: readonly string[];
  /**
   * A path guard of the host's to use instead of one made from `workspaceRoot`,
   * `restrictToWorkspace`, `allowedPaths` and `deniedPaths` (the plugin takes the one registered
   * under `Tokens.Workspace`). @default a new WorkspaceGuard
   */
  readonly guard?: WorkspaceGuard;
  /** Read without offset/limit shows at most this many bytes. @default 131_072 (128 KB) */
  readonly readMaxBytes?: number;
  /** Read without offset/limit refuses files larger than this. @default 10_485_760 (10 MB) */
  readonly readRefuseBytes?: number;
  /** Lines longer than this many characters are shortened in Read and Grep output. @default 2000 */
  readonly maxLineLength?: number;
  /** Lines Read shows when only `offset` is given. @default 2000 */
  readonly defaultReadLimit?: number;
  /**
   * Read shows images (PNG, JPEG, GIF, WebP) up to this many bytes; larger ones are refused with
   * how to make a smaller copy (Read does not resize). The default is the Anthropic API's limit of
   * 5 MB of base64 per image. @default 3_932_160 (3.75 MB)
   */
  readonly imageMaxBytes?: number;
  /** Read shows images up to this many pixels wide and high (the Anthropic API's limit). @default 8000 */
  readonly imageMaxDimension?: number;
  /** Read shows at most this many pages of a PDF per call. @default 20 */
  readonly pdfMaxPages?: number;
  /** Read refuses PDFs and notebooks larger than this. @default 52_428_800 (50 MB) */
  readonly documentMaxBytes?: number;
  /** Edit refuses files larger than this. @default 52_428_800 (50 MB) */
  readonly editMaxBytes?: number;
  /** ListDir shows at most this many entries. @default 1000 */
  readonly listMaxEntries?: number;
  /** Glob shows at most this many paths. @default 1000 */
  readonly globMaxResults?: number;
  /** Grep shows at most this many lines (or files, or counts). @default 500 */
  readonly grepMaxResults?: number;
  /**
   * The ripgrep binary Grep and Glob hand off to: `'auto'` finds `rg` on the PATH, a string is a
   * path to it, `false` always uses the JavaScript search. @default 'auto'
   */
  readonly ripgrep?: 'auto' | string | false;
  /** Folder names never searched by Glob and Grep. @default ['.git', 'node_modules'] */
  readonly skipDirectories?: readonly string[];
}
