import { WorkspaceGuard } from '@tinyelf/core';
import { FileStateTracker } from './file-state-tracker';
import type { FileSystemToolsOptions } from './file-system-tools-options';
import { HardLinkWarnings } from './hard-links';
import { findRipgrep } from './search/find-ripgrep';

/** The options with every default filled in. */
export type ResolvedFileSystemOptions = Required<Omit<FileSystemToolsOptions, 'ripgrep' | 'guard'>>;

/** What the six tools share: the guard, what was read, the limits, and the ripgrep binary if any. */
export interface FileSystemServices {
  readonly guard: WorkspaceGuard;
  readonly tracker: FileStateTracker;
  /** The hard-linked files Read warned about recently. */
  readonly hardLinks: HardLinkWarnings;
  readonly options: ResolvedFileSystemOptions;
  /** The ripgrep binary to hand searches to, or undefined for the JavaScript search. */
  readonly ripgrepPath: string | undefined;
}

/** Builds the shared services of one set of file tools. */
export function createFileSystemServices(options: FileSystemToolsOptions): FileSystemServices {
  const guard =
    options.guard ??
    new WorkspaceGuard({
      workspaceRoot: options.workspaceRoot,
      restrictToWorkspace: options.restrictToWorkspace ?? true,
      allowedPaths: options.allowedPaths ?? [],
      deniedPaths: options.deniedPaths ?? [],
    });
  return {
    guard,
    tracker: new FileStateTracker(),
    hardLinks: new HardLinkWarnings(guard),
    ripgrepPath: options.ripgrep === false ? undefined : findRipgrep(options.ripgrep ?? 'auto'),
    options: {
      workspaceRoot: guard.root,
      restrictToWorkspace: guard.restrictToWorkspace,
      allowedPaths: options.allowedPaths ?? [],
      deniedPaths: options.deniedPaths ?? [],
      readMaxBytes: options.readMaxBytes ?? 131_072,
      readRefuseBytes: options.readRefuseBytes ?? 10_485_760,
      maxLineLength: options.maxLineLength ?? 2000,
      defaultReadLimit: options.defaultReadLimit ?? 2000,
      imageMaxBytes: options.imageMaxBytes ?? 3_932_160,
      imageMaxDimension: options.imageMaxDimension ?? 8000,
      pdfMaxPages: options.pdfMaxPages ?? 20,
      documentMaxBytes: options.documentMaxBytes ?? 52_428_800,
      editMaxBytes: options.editMaxBytes ?? 52_428_800,
      listMaxEntries: options.listMaxEntries ?? 1000,
      globMaxResults: options.globMaxResults ?? 1000,
      grepMaxResults: options.grepMaxResults ?? 500,
      skipDirectories: options.skipDirectories ?? ['.git', 'node_modules'],
    },
  };
}
