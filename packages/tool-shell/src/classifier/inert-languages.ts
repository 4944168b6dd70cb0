/**
 * One-liners of Perl, Ruby and PHP that only print, recognised by a small grammar rather than
 * by the absence of known-bad names: Perl's `print` statements of variables and literals under
 * an `if`/`unless` with a match or a line-number test (`perl -ne 'print if /TODO/'`, `perl -lane
 * 'print $F[0]'`, `perl -pi -e "print 'x' if $. == 1"`), Ruby's `puts`/`p`/`print` of constants,
 * literals and a data file read with `YAML.load_file`/`JSON.parse(File.read(...))`, and PHP's
 * `echo` of constants and literals. Anything else is not inert.
 */
export function isPrintOnly(language: string, code: string): boolean {
  const statements = code
    .split(/;|\n/)
    .map((statement) => statement.trim())
    .filter(Boolean);
  if (statements.length === 0) return false;
  switch (language) {
    case 'Perl':
      return statements.every(isPerlPrint);
    case 'Ruby':
      return statements.every(isRubyPrint);
    case 'PHP':
      return statements.every((statement) =>
        /^(echo|print)\s+[\w\s,.'"]*$/.test(withoutLiterals(statement, /[$`{]/)),
      );
    default:
      return false;
  }
}

/**
 * The statement with its string literals replaced by `''`; a literal containing a character of
 * `unsafe` (interpolation, backticks) leaves a marker that no grammar accepts.
 */
function withoutLiterals(statement: string, unsafe: RegExp): string {
  return statement.replace(/"((?:\\.|[^"\\])*)"|'((?:\\.|[^'\\])*)'/g, (_literal, double) =>
    double !== undefined && unsafe.test(double) ? '\u0000' : "''",
  );
}

/** Perl variables that hold input data: `$_`, `$.`, `$1`, `$F[0]`, `@F`, `$&`. */
const perlValue = String.raw`(?:\$_|\$\.|\$\d|\$&|\$F\[-?\d+\]|@F|\$[a-z]\w*)`;
const perlList = String.raw`(?:${perlValue}|''|\s|,|\.|join\s*\(\s*''\s*,\s*@F\s*\))*`;
const perlCondition = String.raw`(?:\/(?:\\.|[^/\\])*\/[imsx]*|\$\.\s*(?:==|!=|<=?|>=?)\s*\d+|eof|${perlValue}\s*=~\s*\/(?:\\.|[^/\\])*\/[imsx]*)`;
const perlPrint = new RegExp(
  String.raw`^(?:print|say)\b${perlList}(?:\s+(?:if|unless)\s+!?\s*${perlCondition})?$`,
);

function isPerlPrint(statement: string): boolean {
  // Regex code blocks `(?{ ... })` and double-quoted interpolation of expressions run code.
  if (/\(\?\??\{|@\{|\$\{/.test(statement)) return false;
  const plain = withoutLiterals(statement, /[@`]|\$[^\w.&_]/);
  return (
    perlPrint.test(plain) ||
    new RegExp(String.raw`^next\s+(?:if|unless)\s+!?\s*${perlCondition}$`).test(plain)
  );
}

function isRubyPrint(statement: string): boolean {
  const plain = withoutLiterals(statement, /#\{|`/);
  return /^(?:puts|p|pp|print)\b\s*\(?\s*(?:[A-Z]\w*(?:::[A-Z]\w*)*|''|\d+|(?:YAML|Psych)\.(?:load_file|safe_load_file)\(\s*''\s*\)|JSON\.parse\(\s*File\.read\(\s*''\s*\)\s*\))(?:\.(?:keys|values|length|size|to_s|inspect|first|last|sort|count))*\s*\)?$/.test(
    plain,
  );
}

/** Libraries that may be loaded by `ruby -r`: data formats from the standard library. */
export function inertRubyLibraries(args: readonly string[]): boolean {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === '-e') {
      index++;
      continue;
    }
    const match = /^-(r|I)(.*)$/.exec(arg);
    if (!match) continue;
    const value = match[2] || args[++index] || '';
    if (match[1] === 'I') return false;
    if (
      !/^(yaml|json|set|date|time|pp|csv|digest|bigdecimal|psych|securerandom)$/.test(value) &&
      !/^\.\/[\w./-]+$/.test(value)
    )
      return false;
    if (value.includes('..')) return false;
  }
  return true;
}

/**
 * Python code that uses the `os` module only to read (`os.listdir`, `os.getcwd`, `os.path.*`
 * tests and joins, `os.sep`): with those uses removed, `os` must not appear.
 */
export function withoutReadOnlyOs(code: string): string {
  return code
    .replace(
      /\bos\.(?:listdir|getcwd|stat|sep|linesep|name|cpu_count|path\.(?:join|exists|isfile|isdir|islink|basename|dirname|splitext|getsize|getmtime|abspath|relpath|normpath|sep))\b/g,
      '',
    )
    .replace(/\bimport\s+os(?:\.path)?\s*(?=[;\n,]|$)/g, 'import json')
    .replace(/,\s*os(?:\.path)?\b(?=\s*[;\n,]|\s*$)/g, '');
}
