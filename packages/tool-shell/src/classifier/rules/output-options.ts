import { parseOptions } from '../option-parser';
import type { WrittenPath } from './written-paths';

/**
 * How a program is told where to write: options whose value is the file it (re)creates, and
 * operands it writes. Parsed as the program parses its options (clustered and attached short
 * values, `--long=value`, unambiguous long prefixes; single-dash long options for OpenSSL-style
 * tools).
 */
interface OutputSpec {
  /** Short options whose value is the file written (`-o FILE`, `-oFILE`). */
  readonly short?: string;
  /** Long options whose value is the file written (`--output FILE`, `--output=FILE`). */
  readonly long?: readonly string[];
  /** Other short options that take a value (so that operands are counted right). */
  readonly shortValued?: string;
  /** Other long options that take a value. */
  readonly longValued?: readonly string[];
  /** Single-dash word options whose value is the file written (`openssl enc -out FILE`). */
  readonly wordOptions?: readonly string[];
  /** Operand positions that are written (`uniq IN OUT`: 1). */
  readonly operands?: readonly number[];
  /** Whether every operand is replaced by the program's output (compressors). */
  readonly replacesOperands?: boolean;
  /** Options that keep the operands (`gzip -k`, `gzip -c`). */
  readonly keeps?: RegExp;
  /** Only when one of these options is given (`xxd -r IN OUT`). */
  readonly when?: RegExp;
  /** Folders into which files of unknown names are written (`wget -P DIR`). */
  readonly folderShort?: string;
  readonly folderLong?: readonly string[];
}

const compilerOutput: OutputSpec = {
  short: 'o',
  shortValued: 'IDLlUxWFBbfmi',
  longValued: ['include', 'sysroot'],
};
const compressor: OutputSpec = {
  replacesOperands: true,
  keeps: /^-[^-]*[ckltd]|^--(stdout|to-stdout|keep|list|test|decompress|uncompress)$/,
  shortValued: 'S',
  longValued: ['suffix'],
};

/** The table: program name → how it names the files it writes. */
const outputTable: [RegExp, OutputSpec][] = [
  [
    /^sort$/,
    {
      short: 'o',
      long: ['output'],
      shortValued: 'ktST',
      longValued: ['key', 'field-separator', 'buffer-size', 'temporary-directory', 'files0-from'],
    },
  ],
  [
    /^shuf$/,
    {
      short: 'o',
      long: ['output'],
      shortValued: 'ni',
      longValued: ['head-count', 'input-range', 'random-source'],
    },
  ],
  [
    /^uniq$/,
    {
      operands: [1],
      shortValued: 'fsw',
      longValued: ['skip-fields', 'skip-chars', 'check-chars', 'group', 'all-repeated'],
    },
  ],
  [/^xxd$/, { operands: [1], when: /^-[^-]*r/, shortValued: 'cglsoC' }],
  [
    /^(iconv|uconv)$/,
    { short: 'o', long: ['output'], shortValued: 'ft', longValued: ['from-code', 'to-code'] },
  ],
  [
    /^(gpg|gpg2)$/,
    {
      short: 'o',
      long: ['output'],
      shortValued: 'ruk',
      longValued: ['recipient', 'local-user', 'homedir'],
    },
  ],
  [
    /^patch$/,
    { short: 'o', long: ['output'], shortValued: 'pidrBDFVYz', longValued: ['input', 'directory'] },
  ],
  [/^(gcc|g\+\+|cc|c\+\+|clang|clang\+\+|ld|ld\.\w+|tcc|as|rustc|nasm|zig)$/, compilerOutput],
  [/^(gzip|bzip2|xz|lzma|lzip|lzop|compress|pigz|pbzip2)$/, compressor],
  [/^(zstd|lz4)$/, { short: 'o', shortValued: 'D', longValued: ['dict'] }],
  [/^(base64|base32|basenc)$/, { short: 'o', long: ['output'] }],
  [/^ssh-keygen$/, { short: 'f', shortValued: 'bCtNnIOZaPmsVzEFhrDKwY' }],
  [/^(openssl|certtool)$/, { wordOptions: ['out', 'keyout', 'outfile', 'outform-file'] }],
  [/^(wget)$/, { folderShort: 'P', folderLong: ['directory-prefix'] }],
  [/^(curl)$/, { folderLong: ['output-dir'] }],
  [/^(ar)$/, { operands: [1], when: /^-?[^-]*[rq]/ }],
  [/^(pandoc|convert|magick|ffmpeg|exiftool)$/, { short: 'o', long: ['output'] }],
  [/^go$/, { short: 'o', when: /^(build|test)$/, shortValued: 'Cp', longValued: ['C'] }],
  [/^(pg_dump|pg_dumpall|mysqldump)$/, { short: 'fr', long: ['file', 'result-file'] }],
  [/^(yq|sponge)$/, { replacesOperands: true, when: /^(-i|--inplace|-i\S*)$/, shortValued: 'pIo' }],
];

/** The files a program of the table writes ({@link outputTable}); undefined for other programs. */
export function tableOutputs(program: string, args: readonly string[]): WrittenPath[] | undefined {
  const scripted = scriptOutputs(program, args);
  if (scripted) return scripted;
  const spec = outputTable.find(([pattern]) => pattern.test(program))?.[1];
  if (!spec) return undefined;
  if (spec.when && !args.some((arg) => spec.when!.test(arg))) return [];
  const written: WrittenPath[] = [];
  if (spec.wordOptions) {
    for (let index = 0; index < args.length; index++) {
      const name = /^-([a-z-]+)$/.exec(args[index]!)?.[1];
      if (name !== undefined && spec.wordOptions.includes(name) && args[index + 1] !== undefined)
        written.push({ path: args[++index]!, folder: false });
    }
    return written;
  }
  const fileShort = spec.short ?? '';
  const folderShort = spec.folderShort ?? '';
  const fileLong = spec.long ?? [];
  const folderLong = spec.folderLong ?? [];
  const parsed = parseOptions(args, {
    shortWithValue: `${fileShort}${folderShort}${spec.shortValued ?? ''}`,
    longWithValue: [...fileLong, ...folderLong, ...(spec.longValued ?? [])],
  });
  for (const option of parsed.options) {
    if (option.value === undefined || option.value === '-') continue;
    if (fileShort.includes(option.name) || fileLong.includes(option.name))
      written.push({ path: option.value, folder: false });
    if (folderShort.includes(option.name) || folderLong.includes(option.name))
      written.push({ path: option.value, folder: true, contents: true });
  }
  for (const position of spec.operands ?? []) {
    const operand = parsed.operands[position];
    if (operand !== undefined && operand !== '-') written.push({ path: operand, folder: false });
  }
  if (spec.replacesOperands && !args.some((arg) => spec.keeps?.test(arg)))
    for (const operand of parsed.operands)
      if (operand !== '-') written.push({ path: operand, folder: false });
  return written;
}

/**
 * Files that a program's own script writes: sed's `w FILE` and `W FILE` (also as an `s///w`
 * flag), awk's `print > "FILE"` and gawk's `-i inplace`, `docker|podman cp SRC DEST` onto the
 * host.
 */
export function scriptOutputs(program: string, args: readonly string[]): WrittenPath[] | undefined {
  const text = args.join('\n');
  if (program === 'sed' || program === 'gsed') {
    const commands = [
      ...text.matchAll(/(?:^|[;\n{}])\s*(?:\d+|\$|\/[^/\n]*\/)?\s*[wW][ \t]+([^;\n}]+)/g),
    ];
    const flags = [
      ...text.matchAll(/s(.)(?:\\.|(?!\1).)*\1(?:\\.|(?!\1).)*\1[gpiIeEmM0-9]*w[ \t]+([^;\n}]+)/g),
    ];
    return [...commands.map((match) => match[1]!), ...flags.map((match) => match[2]!)].map(
      (path) => ({
        path: path.trim(),
        folder: false,
      }),
    );
  }
  if (/^(awk|gawk|mawk|nawk)$/.test(program)) {
    const written = [...text.matchAll(/>>?\s*"([^"]+)"/g)].map((match) => ({
      path: match[1]!,
      folder: false,
    }));
    const inplace = args.some(
      (arg, index) => arg === 'inplace' && /^-i$|^--include$/.test(args[index - 1] ?? ''),
    );
    const files = inplace
      ? args.filter(
          (arg, index) =>
            index > 0 && !arg.startsWith('-') && args[index - 1] !== '-i' && !/[{}]/.test(arg),
        )
      : [];
    return [...written, ...files.map((path) => ({ path, folder: false }))];
  }
  // ed, ex and vim -e edit their file operands and write them back (`w`, `x`, `wq`).
  if (
    /^(ed|red|ex|vim|vi|nvim)$/.test(program) &&
    (program.endsWith('ed') || args.some((arg) => /^-[a-zA-Z]*[es]/.test(arg)))
  )
    return args
      .filter(
        (arg, index) =>
          !arg.startsWith('-') &&
          !arg.startsWith('+') &&
          !/^-[a-zA-Z]*c$/.test(args[index - 1] ?? ''),
      )
      .map((path) => ({ path, folder: false }));
  // `husky add|set FILE CMD` writes FILE, a git hook of husky's folder.
  if (program === 'husky' && /^(add|set)$/.test(args[0] ?? '') && args[1] !== undefined)
    return [{ path: args[1], folder: false }];
  // `docker|podman|nerdctl cp SRC DEST`, `kubectl|oc cp SRC DEST`: a DEST without `NAME:`
  // is a host path the container's file is written to.
  if (/^(docker|podman|nerdctl|kubectl|oc)$/.test(program) && args.includes('cp')) {
    const valued =
      /^(-n|--namespace|-c|--container|--retries|--context|--kubeconfig|--cluster|--user|-s|--server)$/;
    const destination = args
      .slice(args.indexOf('cp') + 1)
      .filter((arg, index, list) => !arg.startsWith('-') && !valued.test(list[index - 1] ?? ''))
      .at(-1);
    return destination && !/^[^/]+:/.test(destination) ? [{ path: destination, folder: true }] : [];
  }
  return undefined;
}
