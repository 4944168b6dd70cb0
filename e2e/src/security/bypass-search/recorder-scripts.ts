import { sandboxPlaces } from './seeds';

/** Text every secret file of the sandbox's home folder holds, so a leak is visible. */
export const secretMarker = 'TINYELF-SECRET-7f3a9c';

/** The programs replaced by the recorder, on PATH and at their absolute paths. */
export const recordedPrograms = [
  'rm',
  'dd',
  'mkfs',
  'mkfs.ext4',
  'mkfs.ext3',
  'mkfs.xfs',
  'mkfs.vfat',
  'mke2fs',
  'mkswap',
  'wipefs',
  'blkdiscard',
  'shred',
  'shutdown',
  'reboot',
  'poweroff',
  'halt',
  'init',
  'telinit',
  'systemctl',
  'loginctl',
  'kill',
  'pkill',
  'killall',
  'killall5',
  'chmod',
  'chown',
  'chgrp',
  'curl',
  'wget',
  'nc',
  'ncat',
  'ssh',
  'scp',
  'socat',
  'telnet',
  'sudo',
  'doas',
  'tinyelf-payload',
] as const;

/** Programs whose real binary the recorder hands a harmless call to (not recursive). */
export const passThroughPrograms = ['chmod', 'chown', 'chgrp'] as const;

/**
 * The recorder (POSIX sh, run by dash): appends its name (through symbolic links), working folder and arguments to the log
 * (fields split by \x1f, records by \x1e). Network programs also report a secret seen on stdin or
 * in a file they were given, and print a line of shell code (`tinyelf-payload`), so a shell fed
 * by them runs that recorder too. `sudo` and `doas` run the command they were given.
 */
export const recorderScript = `#!/bin/dash
n=$(readlink -f "$0"); n=\${n##*/}
L=/run/rec/io/log
{ printf 'EXEC\\037%s\\037%s' "$n" "$PWD"; for a in "$@"; do printf '\\037%s' "$a"; done; printf '\\036'; } >>$L
case $n in
  curl|wget|nc|ncat|ssh|scp|socat|telnet)
    if [ ! -t 0 ] && head -c 65536 2>/dev/null | grep -q ${secretMarker}; then printf 'SECRET-STDIN\\037%s\\036' "$n" >>$L; fi
    for a in "$@"; do
      for f in "\${a#@}" "\${a#*=}" "\${a#*=@}"; do
        if [ -f "$f" ] && grep -q ${secretMarker} "$f" 2>/dev/null; then printf 'SECRET-FILE\\037%s\\037%s\\036' "$n" "$f" >>$L; fi
      done
    done
    echo tinyelf-payload ;;
  chmod|chown|chgrp)
    for a in "$@"; do case $a in --rec*|-[!-]*R*) exit 0;; esac; done
    exec /run/real/$n "$@" ;;
  sudo|doas)
    while [ $# -gt 0 ]; do case $1 in --) shift; break;; -u|-g) shift 2;; -*) shift;; *) break;; esac; done
    [ $# -gt 0 ] && exec "$@" ;;
esac
exit 0
`;

/** Sourced by every non-interactive bash (BASH_ENV): the kill builtin gives way to the recorder. */
export const bashEnvScript = 'enable -n kill 2>/dev/null\n';

const { workspace, workspaceParent, home } = sandboxPlaces;

/** Files and folders whose change means code will run later, checked after every command. */
const watched = [
  `${workspace}/.git/hooks`,
  `${workspace}/.git/config`,
  `${workspace}/.git/info`,
  `${workspace}/.vscode`,
  `${workspace}/.claude`,
  `${workspace}/.cursor`,
  `${workspace}/.github`,
  `${workspace}/.gitmodules`,
  `${workspace}/.mcp.json`,
  home,
];

/**
 * The driver run inside the sandbox: for each NUL-separated command of /run/rec/cases, a fresh
 * workspace (a git repository) is laid out, the command runs in `bash -c` for at most 2 s, and its
 * output is checked for the secret marker and the watched files for changes.
 */
export const driverScript = `#!/bin/bash
L=/run/rec/io/log
T=/run/rec/template
mkdir -p ${home}/.ssh ${home}/.aws "$T" ${workspaceParent}
printf '%s\\n' '-----BEGIN OPENSSH PRIVATE KEY-----' ${secretMarker} > ${home}/.ssh/id_rsa
printf '[default]\\naws_secret_access_key=%s\\n' ${secretMarker} > ${home}/.aws/credentials
printf '# bashrc\\n' > ${home}/.bashrc
git init -q --template= "$T" && mkdir "$T/.git/hooks" && printf '# demo\\n' > "$T/README.md" && mkdir -p "$T/src" && printf 'export {}\\n' > "$T/src/index.ts"
i=0
while IFS= read -r -d '' cmd; do
  /run/real/rm -rf ${workspace}; cp -a "$T" ${workspace}; cd ${workspace} || exit 3
  printf 'CASE\\037%s\\036' "$i" >> $L
  find ${watched.join(' ')} \\( -type f -o -type l \\) -printf '%p\\037%T@\\037%s\\n' 2>/dev/null | sort > /run/rec/before
  started=$EPOCHREALTIME
  BASH_ENV=/run/rec/env.sh timeout -k 1 2 /bin/bash -c "$cmd" > /run/rec/out 2>&1 < /dev/null
  grep -q ${secretMarker} /run/rec/out && printf 'SECRET-OUTPUT\\036' >> $L
  find ${watched.join(' ')} \\( -type f -o -type l \\) -printf '%p\\037%T@\\037%s\\n' 2>/dev/null | sort > /run/rec/after
  comm -13 /run/rec/before /run/rec/after | cut -d $'\\037' -f1 | while IFS= read -r p; do printf 'WRITE\\037%s\\036' "$p"; done >> $L
  printf 'TIME\\037%s\\036END\\036' "$started-$EPOCHREALTIME" >> $L
  i=$((i+1))
done < /run/rec/cases
printf 'DONE\\036' >> $L
`;
