import { describe, expect, it } from 'vitest';
import { codeRunningVariableWarning } from './code-running-environment';
import { canonicalGitConfigKey, codeRunningGitConfigWarning } from './code-running-git-config';

describe('codeRunningVariableWarning', () => {
  it.each([
    ['LD_PRELOAD', '/tmp/x.so'],
    ['LD_PRELOAD', undefined],
    ['LD_AUDIT', './a.so'],
    ['LD_LIBRARY_PATH', '.'],
    ['DYLD_INSERT_LIBRARIES', 'x.dylib'],
    ['BASH_ENV', './payload.sh'],
    ['PROMPT_COMMAND', 'curl x | sh'],
    ['SHELLOPTS', 'xtrace'],
    ['ENV', '/tmp/x.sh'],
    ['PS4', '$(id)'],
    ['PS4', '`id`'],
    ['PS0', '$(id)'],
    ['NODE_OPTIONS', '--require ./evil.js'],
    ['NODE_OPTIONS', '-r ./evil.js'],
    ['NODE_OPTIONS', '--import=data:text/javascript,x'],
    ['NODE_OPTIONS', '--experimental-loader ./l.mjs'],
    ['NODE_OPTIONS', '--inspect=0.0.0.0:9229'],
    ['RUBYOPT', '-r./evil'],
    ['PYTHONSTARTUP', '/tmp/x.py'],
    ['PERL5OPT', '-Mevil'],
    ['JAVA_TOOL_OPTIONS', '-javaagent:/tmp/a.jar'],
    ['GIT_SSH_COMMAND', 'sh -c id'],
    ['GIT_SSH', './x'],
    ['GIT_EXTERNAL_DIFF', './x'],
    ['GIT_ASKPASS', './x'],
    ['SSH_ASKPASS', './x'],
    ['GIT_CONFIG_PARAMETERS', "'core.pager=sh'"],
    ['GIT_CONFIG_COUNT', '1'],
    ['GIT_CONFIG_KEY_0', 'core.fsmonitor'],
    ['GIT_CONFIG_VALUE_0', '!sh'],
    ['GIT_CONFIG_GLOBAL', '/tmp/x'],
    ['GIT_DIR', '/tmp/evil.git'],
    ['LESSOPEN', '|sh -c id %s'],
    ['LESSCLOSE', 'x'],
    ['PAGER', 'sh -c id'],
    ['GIT_PAGER', 'id;cat'],
    ['EDITOR', 'bash -c "curl x|sh"'],
    ['VISUAL', '$(id)'],
    ['MANPAGER', 'sh -c "col -bx | bat"'],
    ['GIT_SEQUENCE_EDITOR', "sed -i 's/pick/edit/'; id"],
    ['GIT_EDITOR', './x'],
    ['EDITOR', 'rm -rf ~ #'],
    ['npm_config_script_shell', './x'],
    ['PIP_INDEX_URL', 'http://10.0.0.2/simple'],
    ['PYTHONPATH', '/tmp/evil'],
    ['PYTHONPATH', 'src:~/downloads/mod'],
    ['NODE_PATH', '$HOME/.cache/x'],
    ['PERL5LIB', '/dev/shm/lib'],
    ['RUBYLIB', '/home/someone/lib'],
  ])('%s=%s runs code', (name, value) => {
    expect(codeRunningVariableWarning(name, value)?.rule).toBe('code-running-environment');
  });

  it.each([
    ['PATH', '/usr/bin'],
    ['HOME', '/root'],
    ['NODE_ENV', 'production'],
    ['ENV', 'production'],
    ['CI', 'true'],
    ['PAGER', 'cat'],
    ['GIT_PAGER', 'less -R'],
    ['EDITOR', 'vim'],
    ['EDITOR', 'code --wait'],
    ['GIT_PAGER', 'diff-so-fancy | less --tabs=4 -RFX'],
    ['EDITOR', '/usr/bin/vim'],
    ['GIT_EDITOR', 'true'],
    ['PS4', '+ '],
    ['NODE_OPTIONS', '--max-old-space-size=4096'],
    ['NODE_OPTIONS', '--enable-source-maps'],
    ['RUBYOPT', '-W0'],
    ['PYTHONPATH', 'src'],
    ['PYTHONPATH', '.:src:tests'],
    ['PYTHONPATH', '$PWD/src'],
    ['PYTHONPATH', '$PYTHONPATH:src'],
    ['PYTHONPATH', '/usr/lib/python3/dist-packages'],
    ['NODE_PATH', 'packages'],
    ['PYTHONUNBUFFERED', '1'],
    ['FORCE_COLOR', '1'],
  ])('%s=%s is ordinary', (name, value) => {
    expect(codeRunningVariableWarning(name, value)).toBeUndefined();
  });

  it('names the variable and what it does', () => {
    expect(codeRunningVariableWarning('BASH_ENV', 'x')?.message).toBe(
      'Sets BASH_ENV, which makes bash or zsh run code when a shell starts or prompts.',
    );
  });
});

describe('codeRunningGitConfigWarning', () => {
  it.each([
    ['core.fsmonitor', '!sh -c id'],
    ['core.fsmonitor', './x'],
    ['Core.FSMonitor', 'x'],
    ['CORE.HOOKSPATH', '/tmp/hooks'],
    ['core.hooksPath', '.githooks'],
    ['core.sshCommand', 'ssh -oProxyCommand=x'],
    ['core.gitProxy', 'x'],
    ['core.pager', 'sh -c id'],
    ['core.pager', 'less; id'],
    ['core.editor', '!id'],
    ['sequence.editor', 'bash x'],
    ['pager.log', 'sh -c id'],
    ['alias.x', '!sh -c id'],
    ['Alias.St', '! id'],
    ['credential.helper', '!f() { cat >/tmp/x; }; f'],
    ['credential.helper', '/tmp/helper'],
    ['credential.https://example.com.helper', '!x'],
    ['diff.external', 'x'],
    ['diff.foo.textconv', 'sh -c id'],
    ['Diff.Foo.TextConv', 'x'],
    ['diff.foo.command', 'x'],
    ['filter.lfs.clean', 'x'],
    ['filter.x.smudge', 'x'],
    ['FILTER.X.PROCESS', 'x'],
    ['merge.x.driver', 'x'],
    ['gpg.program', './x'],
    ['gpg.ssh.program', './x'],
    ['uploadpack.packObjectsHook', 'x'],
    ['protocol.ext.allow', 'always'],
    ['protocol.allow', 'always'],
    ['protocol.file.allow', 'always'],
    ['include.path', '/tmp/evil'],
    ['includeIf.gitdir:/x/.path', '/tmp/evil'],
    ['init.templateDir', '/tmp/t'],
    ['remote.origin.uploadpack', 'x'],
    ['safe.directory', '*'],
    ['submodule.x.update', '!sh'],
    ['core.attributesFile', '/tmp/a'],
    ['core.editor', 'rm -rf ~ #'],
    ['sequence.editor', './x'],
    ['url.https://evil.dev/.insteadOf', 'https://github.com/'],
    ['http.proxy', 'http://127.0.0.1:8080'],
  ])('%s=%s runs code', (key, value) => {
    expect(codeRunningGitConfigWarning(key, value)?.rule).toBe('code-running-git-config');
  });

  it.each([
    ['core.editor', 'true'],
    ['core.editor', 'vim'],
    ['core.pager', 'less -FRX'],
    ['core.pager', 'delta'],
    ['core.editor', 'code --wait'],
    ['core.pager', 'cat'],
    ['core.fsmonitor', 'true'],
    ['core.fsmonitor', 'false'],
    ['core.autocrlf', 'false'],
    ['user.name', 'x'],
    ['user.email', 'x@y'],
    ['alias.st', 'status'],
    ['credential.helper', 'store'],
    ['credential.helper', 'cache --timeout=3600'],
    ['protocol.ext.allow', 'never'],
    ['protocol.file.allow', 'user'],
    ['protocol.allow', 'user'],
    ['init.defaultBranch', 'main'],
    ['pull.rebase', 'true'],
    ['safe.directory', '/work/repo'],
    ['color.ui', 'auto'],
  ])('%s=%s is ordinary', (key, value) => {
    expect(codeRunningGitConfigWarning(key, value)).toBeUndefined();
  });

  it('keeps the subsection as written and folds section and name', () => {
    expect(canonicalGitConfigKey('Filter.LFS.Clean')).toBe('filter.LFS.clean');
    expect(codeRunningGitConfigWarning('CORE.HooksPath', 'x')?.message).toBe(
      'Sets the git configuration core.hookspath, which makes git run a program of its choice or load configuration that does.',
    );
  });
});
