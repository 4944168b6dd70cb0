import { resolve } from 'node:path';
import { quoteForShell } from './deletion-rules';
import type { Rule } from './rule';

const valued =
  /^(-v|--volume|--mount|-e|--env|--env-file|--name|-w|--workdir|--entrypoint|-p|--publish|--network|--net|--pid|-u|--user|--device|-h|--hostname|-l|--label|--platform|--cpus|-m|--memory|--restart|--add-host|--dns|--ipc|--uts|--userns|--cap-add|--cap-drop|--security-opt|--tmpfs|--ulimit|--log-driver|--log-opt|--gpus|--shm-size|--stop-signal|--pull|--runtime|--cgroupns|-a|--attach|--link|--volumes-from|--group-add|--health-cmd|--init-path|--expose|--mac-address|--ip|--ip6)$/;

/** A command word entering another process's namespaces or root folder. */
const hostEntry = /(^|\/|\s)nsenter(\s|$)|\/proc\/\d+\/root(\/|$|\s)/;

/**
 * What a container started with host folders or devices does to the host: `docker|podman run
 * ... IMAGE CMD` with `-v HOST:PATH` (or `--mount src=HOST,dst=PATH`) and `--device`, its
 * command judged with each container path written as the host path it is
 * (`docker run -v /:/host alpine rm -rf /host` deletes `/`); with `--pid=host`, its `kill`s
 * reach the host's processes, and with `--privileged` its `nsenter -t 1` or `/proc/1/root`
 * reaches the host (judged as run on the host).
 */
export const containerPayloadRule: Rule = ({ program, args, command }, context) => {
  if (!/^(docker|podman|nerdctl)$/.test(program)) return [];
  const at = args.findIndex((arg) => arg === 'run' || arg === 'create');
  if (at === -1 || (args[at] === 'create' && args[at - 1] !== 'container')) return [];
  const mounts: [string, string][] = [];
  let hostPids = false;
  let privileged = false;
  let index = at + 1;
  for (; index < args.length; index++) {
    const arg = args[index]!;
    if (!arg.startsWith('-')) break;
    if (arg === '--privileged' || arg === '--privileged=true') privileged = true;
    const [name, attached] = arg.startsWith('--') ? arg.split(/=(.*)/s) : [arg, undefined];
    const value = attached ?? (valued.test(name!) ? args[++index] : undefined);
    if (value === undefined) continue;
    if (name === '-v' || name === '--volume') {
      const [host, inside] = value.split(':');
      // bash expands `~` before `:` here (`-v ~:/h` is the home folder).
      const expanded = host?.replace(/^~(?=\/|$)/, context.paths.homeDir);
      if (expanded && inside && /^[/.]/.test(expanded))
        mounts.push([inside, resolve(command.cwd ?? '/', expanded)]);
    } else if (name === '--mount') {
      const source = /(?:^|,)(?:source|src)=([^,]+)/.exec(value)?.[1];
      const target = /(?:^|,)(?:target|dst|destination)=([^,]+)/.exec(value)?.[1];
      if (source && target) mounts.push([target, resolve(command.cwd ?? '/', source)]);
    } else if (name === '--device') {
      const [host, inside] = value.split(':');
      if (host) mounts.push([inside ?? host, host]);
    } else if (name === '--pid' && value === 'host') hostPids = true;
    else if (name === '--cap-add' && /^(CAP_)?(ALL|SYS_ADMIN|SYS_PTRACE)$/i.test(value))
      privileged = true;
  }
  // `--entrypoint PROGRAM` runs PROGRAM with the words after the image as its arguments.
  const entrypoint = args
    .slice(at + 1, index)
    .map((arg, position, list) =>
      arg.startsWith('--entrypoint=')
        ? arg.slice(13)
        : list[position - 1] === '--entrypoint'
          ? arg
          : undefined,
    )
    .findLast((value) => value !== undefined);
  const payload = [...(entrypoint ? [entrypoint] : []), ...args.slice(index + 1)];
  if (payload.length === 0 || (mounts.length === 0 && !hostPids)) return [];
  // Seeing the host's processes with the rights to enter them, the container reaches the host
  // itself: `nsenter -t 1 -m ...` runs in the host's namespaces, `/proc/1/root` is the host's /.
  if (hostPids && privileged && payload.some((arg) => hostEntry.test(arg)))
    return context
      .classifyNested(payload.map(quoteForShell).join(' '), '/')
      .filter((finding) => finding.severity === 'block');
  let touched = false;
  const translated = payload.map((arg) => {
    let text = arg;
    for (const [inside, host] of mounts) {
      const pattern = new RegExp(
        `(^|[\\s'"=:;(])${inside.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\/$/, '')}(?=/|$|[\\s'";)])`,
        'g',
      );
      if (text.match(pattern)) touched = true;
      text = text
        .replace(pattern, (_, before: string) => `${before}${host}`)
        .replace(/\/\/+/g, '/');
    }
    return text;
  });
  const kills =
    hostPids && payload.some((arg) => /(^|\/|\s)(kill|pkill|killall|killall5)(\s|$)/.test(arg));
  if (!touched && !kills) return [];
  return context
    .classifyNested(translated.map(quoteForShell).join(' '), '/')
    .filter((finding) => finding.severity === 'block');
};
