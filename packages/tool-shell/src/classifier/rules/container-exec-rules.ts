import { quoteForShell } from './deletion-rules';
import { type Rule, warn } from './rule';

const dockerValued =
  /^(-u|--user|-w|--workdir|-e|--env|--env-file|--detach-keys|-n|--namespace|-c|--container|--context|--kubeconfig|--cluster|--pod-running-timeout|-f|--filename|--index|--project|-p|--project-name|--profile)$/;

/** The command run in an existing container or pod: `docker exec C CMD`, `kubectl exec P -- CMD`. */
function containerCommand(program: string, args: readonly string[]): string[] | undefined {
  if (/^(kubectl|oc|k3s|microk8s)$/.test(program)) {
    if (!args.includes('exec')) return undefined;
    const at = args.indexOf('--');
    return at === -1 ? undefined : args.slice(at + 1);
  }
  if (/^(docker|podman|nerdctl|lxc|incus)$/.test(program)) {
    let at = args.indexOf('exec');
    if (at === -1) return undefined;
    const compose = args.slice(0, at).some((arg) => /^(compose|docker-compose)$/.test(arg));
    const dashes = args.indexOf('--', at);
    if (/^(lxc|incus)$/.test(program))
      return dashes === -1 ? args.slice(at + 2) : args.slice(dashes + 1);
    // Options, then the container (or compose service), then its command.
    for (at += 1; at < args.length; at++) {
      const arg = args[at]!;
      if (!arg.startsWith('-')) break;
      if (dockerValued.test(arg)) at++;
    }
    void compose;
    return args.slice(at + 1);
  }
  if (program === 'vagrant' && args[0] === 'ssh') {
    const at = args.findIndex((arg) => arg === '-c' || arg === '--command');
    return at === -1 ? undefined : ['sh', '-c', args[at + 1] ?? ''];
  }
  return undefined;
}

/**
 * A command run inside an existing container, pod or VM (`docker exec app rm -rf /`, `kubectl
 * exec web-0 -- rm -rf /data`, `vagrant ssh -c CMD`): what would block on this machine is
 * judged there, where it destroys the service's files and data, and warns; its warnings about
 * this machine's files do not apply.
 */
export const containerExecRule: Rule = ({ program, args }, context) => {
  const command = containerCommand(program, args);
  if (!command?.length) return [];
  const blocked = context
    .classifyNested(command.map(quoteForShell).join(' '), '/')
    .filter((finding) => finding.severity === 'block');
  // Deleting a whole top-level folder there (`rm -rf /data`) removes the service's data.
  const topLevel =
    /^(rm|rmdir|shred)$/.test(command[0] ?? '') &&
    command.some((word) => /^-[a-zA-Z]*[rR]/.test(word)) &&
    command.some((word) => /^\/[^/]+\/?$/.test(word));
  if (!blocked.length && topLevel)
    return [warn('container-exec', `${program} deletes a whole top-level folder in a container.`)];
  return blocked.length
    ? [
        warn(
          'container-exec',
          `${program} runs a command in a container or machine that ${blocked[0]!.message.replace(/^\w/, (c) => c.toLowerCase())}`,
        ),
      ]
    : [];
};
