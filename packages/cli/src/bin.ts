#!/usr/bin/env node
import { setFlagsFromString } from 'node:v8';
import { main } from './main';

// The Bash tool's classifier is tree-sitter compiled to WebAssembly. V8's optimising compiler
// briefly takes ~40 MB to recompile it; the baseline compiler (Liftoff) alone keeps the peak near
// 70 MB and classifies as fast (tool-shell's benchmark measures both). This is our own process,
// so the flag is ours to set, before any WebAssembly is compiled.
setFlagsFromString('--liftoff-only');

process.exitCode = await main(process.argv.slice(2));
