import { normalizePath } from '../target-paths';
import { block, operands, type Rule } from './rule';

const stopTargets =
  /^(poweroff|reboot|halt|kexec|emergency|rescue|runlevel[06]|ctrl-alt-del|soft-reboot|exit)(\.target)?$/;
const systemctlVerbs =
  /^(poweroff|reboot|halt|kexec|emergency|rescue|soft-reboot|suspend|hibernate|hybrid-sleep|suspend-then-hibernate|default)$/;

/**
 * Stopping or restarting the machine: `shutdown`, `reboot`, `halt`, `poweroff`, `init 0|6`,
 * `telinit`, `systemctl poweroff` or `isolate`/`start` of a stop target, `loginctl poweroff`,
 * D-Bus `PowerOff`/`Reboot` calls, and writes to `/proc/sysrq-trigger`.
 */
export const powerRule: Rule = ({ program, args, command }) => {
  const words = operands(args);
  // `shutdown --help`, `reboot --version` print and exit.
  const onlyAsks = args.length > 0 && args.every((arg) => /^--(help|version)$/.test(arg));
  const stops =
    (!onlyAsks &&
      /^(shutdown|reboot|halt|poweroff|kexec|systemctl-poweroff|openrc-shutdown|s6-(poweroff|reboot|halt)|s6-linux-init-(shutdown|hpr)|pm-(suspend|hibernate|suspend-hybrid|powersave)|zzz|ZZZ|uadmin|fastboot|fasthalt|lxqt-leave|lxsession-logout|sleep\.sh)$/.test(
        program,
      )) ||
    (/^(gnome-session-quit|mate-session-save|cinnamon-session-quit|xfce4-session-logout)$/.test(
      program,
    ) &&
      args.some((arg) =>
        /^--(power-?off|reboot|halt|logout|suspend|hibernate|hybrid-sleep|shutdown-dialog|logout-dialog)$/.test(
          arg,
        ),
      )) ||
    (/^(qdbus|qdbus6|qdbus-qt5)$/.test(program) &&
      args.some((arg) => /ksmserver/i.test(arg)) &&
      args.some((arg) => /^(logout|logoutAndShutdown|logoutAndReboot|halt|reboot)$/.test(arg))) ||
    (/^(init|telinit|runit-init|openrc-init)$/.test(program) && /^[016sS]$/.test(words[0] ?? '')) ||
    (program === 'systemctl' &&
      (words.some((word) => systemctlVerbs.test(word)) ||
        (/^(isolate|start|restart|enable)$/.test(words[0] ?? '') &&
          words.slice(1).some((word) => stopTargets.test(word))))) ||
    (program === 'loginctl' &&
      /^(poweroff|reboot|halt|kexec|suspend|hibernate|terminate-seat|kill-user|terminate-user)$/.test(
        words[0] ?? '',
      )) ||
    (program === 'rtcwake' &&
      args.some(
        (arg, index) =>
          /^(off|disk|mem|freeze|standby)$/.test(arg) &&
          /^(-m|--mode)$/.test(args[index - 1] ?? ''),
      )) ||
    // A baseboard controller turns the machine (or the one it manages) off: `ipmitool chassis
    // power off|cycle|reset`, `ipmitool power off`, `racadm serveraction powerdown`.
    (/^(ipmitool|ipmiutil)$/.test(program) &&
      args.some(
        (arg, index) =>
          arg === 'power' && /^(off|cycle|reset|soft|down)$/.test(args[index + 1] ?? ''),
      )) ||
    (program === 'racadm' &&
      args.some((arg) => /^(powerdown|powercycle|hardreset|graceshutdown)$/.test(arg))) ||
    (/^(busctl|dbus-send|gdbus|qdbus)$/.test(program) &&
      args.some((arg) =>
        /(^|\.)(PowerOff|Reboot|Halt|KExec|Suspend|Hibernate|Logout|Shutdown)$/.test(arg),
      ));
  const sysrq = [
    ...command.redirects
      .filter((redirect) => />/.test(redirect.operator))
      .map((redirect) => redirect.target),
    ...(program === 'tee' || program === 'cp' || program === 'dd'
      ? args.map((arg) => arg.replace(/^of=/, ''))
      : []),
  ].some((target) =>
    /^\/(proc\/sysrq-trigger|sys\/power\/(state|disk)|proc\/sys\/kernel\/sysrq)$/.test(
      normalizePath(target, command.cwd ?? '/'),
    ),
  );
  if (sysrq)
    return [
      block(
        'sysrq',
        'Writing to /proc/sysrq-trigger or /sys/power powers off, suspends, reboots or crashes the machine at once.',
      ),
    ];
  return stops
    ? [
        block(
          'shutdown',
          `${`${program} ${args.join(' ')}`.trim()} shuts the machine down or restarts it.`,
        ),
      ]
    : [];
};
