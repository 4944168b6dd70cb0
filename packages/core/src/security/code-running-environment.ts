import type { RiskWarning } from '../tool/tool';

/** When a variable's value makes a program run code. */
type ValueTest = (value: string | undefined) => boolean;

const always: ValueTest = () => true;
/** Editors and pagers other tools may run: a value naming only these (with flags) runs no code. */
const knownPrograms =
  /^(vi|vim|nvim|gvim|mvim|view|nano|pico|micro|emacs|emacsclient|code|code-insiders|cursor|codium|subl|mate|atom|zed|hx|helix|kak|ed|ex|joe|jed|gedit|kate|notepad|notepad\+\+|idea|webstorm|open|true|false|:|cat|less|more|most|bat|batcat|delta|diff-so-fancy|diff-highlight|tig|col|tee|head|tail)$/;

/**
 * A value that runs more than an editor or pager: shell syntax other than a pipe, a `!` command,
 * or a program that is not a known editor or pager (`./x`, `sh -c ...`, `rm -rf ~ #`). Each stage
 * of a pipe (`diff-so-fancy | less -R`) must be a known one.
 */
export const runsMoreThanEditor = (value: string | undefined): boolean =>
  value === undefined ||
  /[;&`$()<>\n#]|^\s*!/.test(value) ||
  value.split('|').some((stage) => {
    const program = stage.trim().split(/\s+/)[0] ?? '';
    return !knownPrograms.test(program.replace(/^.*\//, '')) || program.startsWith('.');
  });
const runsShell: ValueTest = runsMoreThanEditor;
/** A value expanded as a prompt: code runs only through substitutions. */
const substitutes: ValueTest = (value) => value === undefined || /\$\(|`|\$\{[^}]*@P/.test(value);
/** A value that names a file. */
const namesFile: ValueTest = (value) => value === undefined || /[/~$]|\.(sh|bash|rc)$/.test(value);

/**
 * A module search path (`PYTHONPATH=/tmp/evil:src`) with a folder outside the project: an
 * absolute or home path that is not a system folder. Relative entries, `$PWD`-based ones and
 * values only known at run time are not judged (they are the everyday `PYTHONPATH=src`).
 */
const searchesOutside: ValueTest = (value) =>
  (value ?? '')
    .split(':')
    .some(
      (entry) =>
        /^(~|\$HOME\b|\$\{HOME\}|\/)/.test(entry) &&
        !/^\/(usr|opt|lib|lib64|nix|snap)\//.test(entry),
    );

/**
 * A path outside the project, home and system folders (`/tmp/evil.yaml`, `/dev/shm/x`): a place
 * anyone can write to. Relative paths, home paths and values only known at run time are not
 * judged (`KUBECONFIG=~/.kube/staging`, `CARGO_HOME=$PWD/.cargo`).
 */
const namesUntrustedPlace: ValueTest = (value) =>
  (value ?? '')
    .split(':')
    .some(
      (entry) =>
        /^\//.test(entry) &&
        !/^\/(usr|opt|lib|lib64|nix|snap|etc|home|Users|root|srv|workspace|work)(\/|$)/.test(entry),
    );

interface VariableEntry {
  readonly pattern: RegExp;
  readonly test: ValueTest;
  readonly reason: string;
}

const variables: readonly VariableEntry[] = [
  {
    pattern: /^(LD_PRELOAD|LD_AUDIT|LD_LIBRARY_PATH|DYLD_INSERT_LIBRARIES|DYLD_LIBRARY_PATH)$/,
    test: always,
    reason: 'loads its libraries into every program started',
  },
  {
    pattern: /^(BASH_ENV|PROMPT_COMMAND|PROMPT_COMMAND\[.*\]|SHELLOPTS|BASHOPTS|ZDOTDIR)$/,
    test: always,
    reason: 'makes bash or zsh run code when a shell starts or prompts',
  },
  { pattern: /^ENV$/, test: namesFile, reason: 'makes sh run that file when it starts' },
  {
    pattern: /^(PS0|PS1|PS2|PS4)$/,
    test: substitutes,
    reason: 'runs its command substitutions whenever the shell prints the prompt or traces',
  },
  {
    pattern:
      /^(PYTHONSTARTUP|PYTHONHOME|PERL5OPT|PERL5DB|JAVA_TOOL_OPTIONS|_JAVA_OPTIONS|JDK_JAVA_OPTIONS|PHPRC|PHP_INI_SCAN_DIR|LUA_INIT|LUA_INIT_5_[0-9]|R_PROFILE|R_PROFILE_USER|GCONV_PATH|GLIBC_TUNABLES|MALLOC_CONF|[A-Z]+_STARTUP_HOOKS|CORECLR_PROFILER_PATH(_32|_64)?|COR_PROFILER_PATH(_32|_64)?|NODE_REPL_EXTERNAL_MODULE|ERL_FLAGS|ERL_AFLAGS|ERL_ZFLAGS|JULIA_STARTUP_FILE|PYTHONBREAKPOINT)$/,
    test: always,
    reason: 'makes an interpreter load or run code of its choice',
  },
  {
    pattern:
      /^(PYTHONPATH|PYTHONUSERBASE|NODE_PATH|PERL5LIB|PERLLIB|RUBYLIB|GEM_PATH|GEM_HOME|CLASSPATH|LUA_PATH|LUA_CPATH|LUA_PATH_5_[0-9]|LUA_CPATH_5_[0-9]|JULIA_LOAD_PATH|JULIA_DEPOT_PATH|R_LIBS|R_LIBS_USER|ERL_LIBS|GUILE_LOAD_PATH|GUILE_LOAD_COMPILED_PATH|TCLLIBPATH|OCAMLPATH|PHP_INCLUDE_PATH|DENO_DIR)$/,
    test: searchesOutside,
    reason: 'makes an interpreter load its modules from a folder outside the project first',
  },
  {
    pattern: /^(NODE_OPTIONS|RUBYOPT)$/,
    test: (value) =>
      value === undefined ||
      /(^|\s)(-r|--require|--import|--loader|--experimental-loader|--inspect|-I)/.test(value),
    reason: 'makes every node or ruby process load a module of its choice',
  },
  {
    pattern:
      /^(GIT_SSH_COMMAND|GIT_SSH|GIT_EXTERNAL_DIFF|GIT_ASKPASS|SSH_ASKPASS|GIT_PROXY_COMMAND|GIT_EXEC_PATH|GIT_TEMPLATE_DIR|GIT_CONFIG_PARAMETERS|GIT_CONFIG_COUNT|GIT_CONFIG_KEY_\d+|GIT_CONFIG_VALUE_\d+|GIT_CONFIG|GIT_CONFIG_GLOBAL|GIT_CONFIG_SYSTEM|GIT_DIR|GIT_WORK_TREE)$/,
    test: always,
    reason: 'makes git run programs or read configuration of its choice',
  },
  {
    pattern:
      /^(npm_config_(script_shell|node_options|git|shell|editor|browser|viewer|init_module|onload_script|userconfig|globalconfig|prefix)|YARN_YARN_PATH|YARN_RC_FILENAME|PIP_INDEX_URL|PIP_EXTRA_INDEX_URL|PIP_CONFIG_FILE|UV_INDEX_URL|UV_CONFIG_FILE|BUNDLE_GEMFILE|COMPOSER_HOME)$/i,
    test: always,
    reason: 'makes a package manager run a program or install from a source of its choice',
  },
  {
    pattern:
      /^(LESSOPEN|LESSCLOSE|LESSKEYIN|LESSKEY|MANOPT|BROWSER|SUDO_ASKPASS|RSYNC_RSH|CVS_RSH)$/,
    test: always,
    reason: 'names a program that is run on the side',
  },
  {
    pattern:
      /^(CURL_HOME|WGETRC|XDG_CONFIG_HOME|XDG_CONFIG_DIRS|DOCKER_CONFIG|INPUTRC|SCREENRC|TMUX_CONF|VIMINIT|EXINIT|MYVIMRC|EMACSLOADPATH|NPMRC)$/,
    test: always,
    reason:
      'makes tools read their configuration, which can name programs to run, from a place of its choice',
  },
  {
    pattern: /^(DOCKER_HOST|CONTAINER_HOST|PODMAN_HOST)$/,
    test: (value) => value === undefined || /^(tcp|ssh|https?|fd):/.test(value),
    reason: 'sends every container command (with its access to the host) to another daemon',
  },
  {
    pattern:
      /^(KUBECONFIG|AWS_CONFIG_FILE|AWS_SHARED_CREDENTIALS_FILE|OPENSSL_CONF|OPENSSL_ENGINES|OPENSSL_MODULES|IRBRC|PRYRC|CARGO_HOME|RUSTUP_HOME|RUSTUP_TOOLCHAIN|GOROOT|GOTOOLCHAIN|GOENV|GRADLE_USER_HOME|MAVEN_ARGS|M2_HOME|MAVEN_HOME|BUNDLE_APP_CONFIG|NPM_CONFIG_USERCONFIG|PIP_CONFIG_FILE|GIT_CONFIG_NOSYSTEM|MAKEFILES|DOCKER_CERT_PATH|HELM_PLUGINS|KREW_ROOT)$/,
    test: namesUntrustedPlace,
    reason:
      'makes a tool read configuration or a toolchain (which can name programs and code to run) from a folder outside the project, home and system folders',
  },
  {
    pattern:
      /^(RUSTC_WRAPPER|RUSTC_WORKSPACE_WRAPPER|CARGO_BUILD_RUSTC_WRAPPER|CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER|RUSTC|CARGO_BUILD_RUSTC|RUSTDOC|CARGO_TARGET_[A-Z0-9_]+_(RUNNER|LINKER)|CARGO_BUILD_TARGET_DIR_RUNNER)$/,
    test: (value) =>
      value === undefined ||
      (/[/;&|`$()<>#\s]/.test(value) &&
        !/^(\/usr\/(local\/)?bin\/|~\/\.cargo\/bin\/|\$HOME\/\.cargo\/bin\/)?(sccache|rustc|rustdoc|clippy-driver|cachepot|cc|gcc|clang|ld|lld|mold)$/.test(
          value.trim(),
        )),
    reason: 'makes cargo run a program of its choice around or instead of the compiler',
  },
  {
    pattern: /^GOFLAGS$/,
    test: (value) => value === undefined || /(^|\s)--?(toolexec|exec|overlay)\b/.test(value),
    reason: 'makes go run a program of its choice around its tools or test binaries',
  },
  {
    pattern:
      /^(MAVEN_OPTS|GRADLE_OPTS|JAVA_OPTS|SBT_OPTS|ANT_OPTS|KOTLIN_OPTS|SCALA_OPTS|CATALINA_OPTS|JRUBY_OPTS|LEIN_JVM_OPTS|ORG_GRADLE_PROJECT_[A-Za-z0-9_]*JVMARGS|GRADLE_JVM_OPTS)$/,
    test: (value) =>
      value === undefined ||
      /-javaagent|-agentpath|-agentlib|OnOutOfMemoryError|OnError|java\.system\.class\.loader|-Xbootclasspath|--add-opens|-Djava\.security\.manager=/.test(
        value,
      ),
    reason: 'makes the JVM of a build tool load an agent or run a command of its choice',
  },
  {
    pattern: /^ELECTRON_RUN_AS_NODE$/,
    test: always,
    reason: 'turns an Electron app (VS Code, ...) into node, which runs code given to it',
  },
  {
    pattern:
      /^(CC|CXX|CPP|LD|AR|AS|FC|F77|NM|RANLIB|STRIP|OBJCOPY|HOSTCC|HOSTCXX|CC_FOR_BUILD|CXX_FOR_BUILD|CMAKE_C_COMPILER_LAUNCHER|CMAKE_CXX_COMPILER_LAUNCHER)$/,
    test: (value) =>
      value === undefined ||
      /[;&|`$()<>#\n]|(^|\s)-c(\s|$)|(^|\s)(sh|bash|dash|zsh|env)(\s|$)|^\s*(\/tmp|\/dev\/shm|\/var\/tmp)\//.test(
        value,
      ),
    reason: 'names the compiler a build runs, here shell code or a program from a temporary folder',
  },
  {
    // Every tool's editor and pager variables: KUBE_EDITOR, SVN_EDITOR, GH_PAGER, ...
    pattern:
      /^([A-Z][A-Z0-9]*_)?(EDITOR|VISUAL|PAGER|SEQUENCE_EDITOR)$|^(MANPAGER|SYSTEMD_PAGER|TERMINAL|DIFF_VIEWER|HGEDITOR)$/,
    test: runsShell,
    reason: 'names a program run by other tools, here shell code rather than an editor or pager',
  },
];

/**
 * The warning for setting an environment variable that makes programs run code (`LD_PRELOAD`,
 * `BASH_ENV`, `PROMPT_COMMAND`, `NODE_OPTIONS`, `PYTHONSTARTUP`, `GIT_SSH_COMMAND`,
 * `GIT_CONFIG_*`, `LESSOPEN`, a `PAGER` or `EDITOR` that is shell code, a `PS4` with a command
 * substitution, ...), or undefined for an ordinary variable. `value` is the value being set, when
 * known (some variables are only a risk with some values: `GIT_PAGER=cat` is fine).
 */
export function codeRunningVariableWarning(name: string, value?: string): RiskWarning | undefined {
  const entry = variables.find((candidate) => candidate.pattern.test(name));
  if (!entry?.test(value)) return undefined;
  return {
    rule: 'code-running-environment',
    message: `Sets ${name}, which ${entry.reason}.`,
  };
}
