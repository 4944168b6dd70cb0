/** Options whose value is a pattern or a name, not a path, per program. */
export const patternOptions: Record<string, RegExp> = {
  grep: /^(-e|--regexp|--include|--exclude|--exclude-dir|--label|--color|--colour)$/,
  rg: /^(-e|--regexp|-g|--glob|--iglob|-t|--type|-T|--type-not|--type-add|-r|--replace|-M|--max-columns|--colors|--context-separator|--field-match-separator)$/,
  ag: /^(-G|--file-search-regex|--ignore|-g)$/,
  sed: /^(-e|--expression|-l|--line-length|-s|--separate)$/,
  awk: /^(-v|--assign|-F|--field-separator|-e|--source)$/,
  find: /^(-name|-iname|-path|-ipath|-regex|-iregex|-wholename|-iwholename|-lname|-ilname|-perm|-type|-xtype|-size|-user|-group|-mtime|-mmin|-atime|-amin|-ctime|-cmin|-printf|-fprintf|-regextype|-maxdepth|-mindepth|-fstype|-context|-uid|-gid|-links|-inum|-samefile|-used)$/,
  jq: /^(--arg|--argjson|--jsonargs|--args)$/,
  // An X.509 subject (`-subj /CN=localhost`) and a distinguished name are not paths.
  openssl: /^-(subj|issuer|name|addext|passin|passout)$/,
};
for (const alias of ['egrep', 'fgrep', 'zgrep']) patternOptions[alias] = patternOptions.grep!;
for (const alias of ['gawk', 'mawk', 'nawk']) patternOptions[alias] = patternOptions.awk!;
patternOptions.gsed = patternOptions.sed!;
patternOptions.fd = /^(-e|--extension|-E|--exclude|-t|--type|-g|--glob)$/;
// Test runners' test-name filters (`--grep '/api/users'`, `-t`, `-k`), also forwarded by the
// package managers' `run X -- ARGS`: the value names tests, not a file.
const testFilters =
  /^(--grep|--fgrep|-g|-t|--testNamePattern|--test-name-pattern|--testPathPattern|--testPathIgnorePatterns|-k|--match|--filter|-F|--reporter|--project|--shard)$/;
for (const runner of [
  'npm',
  'pnpm',
  'yarn',
  'bun',
  'npx',
  'vitest',
  'jest',
  'mocha',
  'pytest',
  'playwright',
  'cypress',
  'ava',
  'tap',
])
  patternOptions[runner] = testFilters;
