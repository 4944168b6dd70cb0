import type { Finding } from '../finding';
import { parseOptions } from '../option-parser';
import { classifyTarget } from '../target-paths';
import { type Rule, warn } from './rule';

const asOtherUser =
  /^(sudo|doas|su|pkexec|run0|runuser|runas|sg|newgrp|setpriv|nsenter|chroot|machinectl|sudoedit)$/;

/** Running as root or another user: `sudo`, `doas`, `su`, `run0`, `pkexec`, `runuser`, `chroot`, ... */
export const privilegeRule: Rule = ({ program }) => {
  const findings: Finding[] = [];
  if (asOtherUser.test(program))
    findings.push(warn('privilege', `${program} runs commands as root or another user.`));
  if (program === 'setcap' || program === 'capsh')
    findings.push(
      warn('privilege', `${program} gives a program Linux capabilities (root powers).`),
    );
  return findings;
};

/** `install -m 4755` and similar: set-user-ID or set-group-ID files. */
export const setIdInstallRule: Rule = ({ program, args }) => {
  if (program !== 'install') return [];
  const parsed = parseOptions(args, {
    shortWithValue: 'mogSBt',
    longWithValue: [
      'mode',
      'owner',
      'group',
      'suffix',
      'target-directory',
      'backup',
      'strip-program',
      'context',
    ],
  });
  const modes = parsed.options
    .filter((option) => option.name === 'm' || option.name === 'mode')
    .map((option) => option.value ?? '');
  return modes.some((mode) => /^[0-7]*[2-7][0-7]{3}$/.test(mode) || /[+=][rwxXt]*s/.test(mode))
    ? [warn('setuid', `install -m ${modes.join(' ')} makes a set-user-ID or set-group-ID program.`)]
    : [];
};

const containerTools = /^(docker|podman|nerdctl)$/;
const hostNamespaces = /^--(pid|network|net|ipc|uts|userns|cgroupns)=host$/;

/** Containers that get the host: `--privileged`, host namespaces, added capabilities, devices, mounts of `/` or outside folders. */
export const containerRule: Rule = ({ program, args, command }, { paths }) => {
  if (!containerTools.test(program)) return [];
  // Global options before the verb take values (`docker -H unix:///... run`).
  const verb = args.find(
    (arg, index) =>
      !arg.startsWith('-') &&
      !/^(-H|--host|-c|--context|--config|-l|--log-level|--tlscacert|--tlscert|--tlskey|--url|--connection|--identity)$/.test(
        args[index - 1] ?? '',
      ),
  );
  if (!verb || !/^(run|create|exec|container)$/.test(verb)) return [];
  const findings: Finding[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    const next = args[index + 1] ?? '';
    if (
      verb === 'exec' &&
      (/^(-u|--user)$/.test(arg)
        ? /^(0|root)(:|$)/.test(next)
        : /^(--user=|-u)(0|root)(:|$)/.test(arg))
    )
      findings.push(warn('container-root', `${program} exec runs as root inside the container.`));
    else if (arg === '--privileged' || arg === '--privileged=true')
      findings.push(
        warn(
          'container-privileged',
          `${program} --privileged gives the container full control of the host.`,
        ),
      );
    else if (
      hostNamespaces.test(arg) ||
      (/^--(pid|network|net|ipc|uts|userns)$/.test(arg) && next === 'host')
    )
      findings.push(
        warn('container-host', `${program} ${arg} shares a host namespace with the container.`),
      );
    else if (/^--(cap-add|device|security-opt)(=|$)/.test(arg))
      findings.push(
        warn(
          'container-host',
          `${program} ${arg} ${arg.includes('=') ? '' : next} widens what the container may do on the host.`.replace(
            /\s+/g,
            ' ',
          ),
        ),
      );
    else if (
      /^(-v|--volume|--mount)$/.test(arg) ||
      /^(--volume|--mount)=/.test(arg) ||
      /^-v./.test(arg)
    ) {
      const spec = arg.includes('=')
        ? arg.slice(arg.indexOf('=') + 1)
        : /^-v./.test(arg)
          ? arg.slice(2)
          : next;
      const source =
        spec.startsWith('type=') || spec.includes('source=') || spec.includes('src=')
          ? (/(?:source|src)=([^,]+)/.exec(spec)?.[1] ?? '')
          : spec.split(':')[0]!;
      if (source.startsWith('/') || source.startsWith('~') || source.startsWith('.')) {
        const kind = classifyTarget(source, command.cwd, paths);
        if (kind === 'critical' || kind === 'outside' || /docker\.sock|podman\.sock/.test(source))
          findings.push(
            warn(
              'container-mount',
              `${program} mounts ${source} from the host into the container.`,
            ),
          );
      }
    }
  }
  return findings;
};

const accountTools =
  /^(visudo|usermod|useradd|userdel|adduser|deluser|groupadd|groupmod|gpasswd|passwd|chpasswd|chage|vipw|vigr|pwconv|newusers)$/;
const kernelTools =
  /^(insmod|rmmod|modprobe|kexec|setenforce|aa-disable|aa-complain|apparmor_parser|auditctl|iptables|ip6tables|nft|ufw)$/;

/**
 * System administration that changes who may do what: accounts and passwords (`useradd -o -u
 * 0`, `passwd -d root`, `usermod -aG sudo`, `visudo`), kernel modules, security modules
 * (`setenforce 0`), kernel settings (`sysctl -w`), firewall rules, root-mapped namespaces.
 */
export const administrationRule: Rule = ({ program, args }) => {
  if (accountTools.test(program))
    return [warn('system-admin', `${program} changes user accounts, groups or passwords.`)];
  const listing =
    args.length > 0 &&
    args.every((arg) => /^(-[lLnSv]+|--list|--numeric|status|show|list|-t|filter|nat)$/.test(arg));
  if (kernelTools.test(program) && !listing)
    return [
      warn('system-admin', `${program} changes the kernel, its security modules or the firewall.`),
    ];
  if (
    program === 'sysctl' &&
    args.some(
      (arg) =>
        arg === '-w' ||
        arg === '--write' ||
        /^[a-z0-9_./-]+=/.test(arg) ||
        arg === '-p' ||
        arg === '--load',
    )
  )
    return [warn('system-admin', 'sysctl changes kernel settings.')];
  if (
    program === 'unshare' &&
    args.some(
      (arg) =>
        /^(-r|--map-root-user|--map-current-user|--map-auto)$/.test(arg) ||
        /^-[a-zA-Z]*r/.test(arg),
    )
  )
    return [warn('privilege', 'unshare -r runs a command as root in a new user namespace.')];
  return [];
};
