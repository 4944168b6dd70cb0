import { ownEntry } from '../own-entry';
import { type Rule, warn } from './rule';

/** The first operand: the verb of `systemctl VERB`, `loginctl VERB`, `fwupdmgr VERB`, ... */
function verbOf(args: readonly string[], valued: RegExp = /^$/): string | undefined {
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (valued.test(arg)) index++;
    else if (!arg.startsWith('-')) return arg;
  }
  return undefined;
}

/** systemctl verbs that change which services run (power verbs are judged by the power rule). */
const serviceChanges =
  /^(start|stop|restart|try-restart|reload|reload-or-restart|try-reload-or-restart|condrestart|force-reload|kill|clean|freeze|thaw|mask|unmask|disable|enable|reenable|isolate|set-default|set-property|revert|edit|link|preset|preset-all|daemon-reexec|set-environment|unset-environment|import-environment|switch-root)$/;
const systemctlValued =
  /^(-t|--type|-p|--property|-s|--signal|--kill-whom|--kill-value|-H|--host|-M|--machine|--root|--image|-n|--lines|-o|--output|--state|--job-mode|--what|--boot-loader-entry|--boot-loader-menu|--timestamp|--preset-mode|--message|--when|--drop-in)$/;

/** loginctl verbs that end sessions or keep a user's services running after logout. */
const sessionChanges =
  /^(enable-linger|disable-linger|terminate-session|terminate-user|terminate-seat|kill-session|kill-user|lock-session|lock-sessions|unlock-sessions|attach|flush-devices)$/;

/** `ip OBJECT VERB`: objects whose changes cut or redirect the machine's network. */
const networkObjects =
  /^(l|li|lin|link|a|ad|add|addr|addre|addres|address|r|ro|rou|rout|route|ru|rul|rule|n|ne|nei|neigh|neighbor|neighbour|tunnel|tun|tuntap|xfrm|vrf|netns|mr|mroute|nexthop|nh)$/;
const networkVerbs = /^(add|a|del|delete|d|set|s|change|chg|replace|repl|flush|f|append|prepend)$/;

/** Package managers and their verbs that remove packages from the system. */
const packageRemovals: Record<string, RegExp> = {
  apt: /^(remove|purge|autoremove|autopurge)$/,
  'apt-get': /^(remove|purge|autoremove|autopurge)$/,
  aptitude: /^(remove|purge)$/,
  dnf: /^(remove|erase|autoremove)$/,
  yum: /^(remove|erase|autoremove)$/,
  microdnf: /^(remove)$/,
  zypper: /^(remove|rm)$/,
  apk: /^(del)$/,
  snap: /^(remove)$/,
  flatpak: /^(uninstall|remove)$/,
  brew: /^(uninstall|remove|rm)$/,
  port: /^(uninstall)$/,
};

/**
 * Changes to the state of the machine outside the workspace, which the user would want to
 * approve: stopping, masking or disabling services (`systemctl stop sshd`, `service nginx
 * stop`), ending sessions or keeping user services alive after logout (`loginctl
 * enable-linger`), taking the network down (`ip link set eth0 down`, `ifdown`, `nmcli
 * networking off`), deleting the crontab (`crontab -r`), removing system packages (`apt-get
 * purge`, `dpkg -r`, `rpm -e`, `pacman -R`), flashing firmware (`fwupdmgr install`,
 * `efibootmgr -B`), and privileged debugging pods on cluster nodes (`kubectl debug node/…`).
 */
export const systemStateRule: Rule = ({ program, args }) => {
  const change = (what: string) => [warn('system-state', `${program} ${what}.`)];
  switch (program) {
    case 'systemctl': {
      const verb = verbOf(args, systemctlValued);
      return verb && serviceChanges.test(verb) ? change(`${verb} changes which services run`) : [];
    }
    case 'service':
    case 'rc-service': {
      const words = args.filter((arg) => !arg.startsWith('-'));
      return words.length >= 2 && !/^(status|describe)$/.test(words[1]!)
        ? change(`${words[1]} changes whether ${words[0]} runs`)
        : [];
    }
    case 'rc-update':
    case 'update-rc.d':
    case 'chkconfig':
      return args.some((arg) =>
        /^(add|del|delete|remove|disable|enable|defaults|on|off)$/.test(arg),
      )
        ? change('changes which services start with the system')
        : [];
    case 'launchctl':
      return /^(unload|load|bootout|bootstrap|remove|stop|start|kill|disable|enable|kickstart)$/.test(
        verbOf(args) ?? '',
      )
        ? change('changes which services run')
        : [];
    case 'loginctl': {
      const verb = verbOf(
        args,
        /^(-H|--host|-M|--machine|-p|--property|-s|--signal|-n|--lines|-o|--output|--kill-whom)$/,
      );
      return verb && sessionChanges.test(verb) ? change(`${verb} changes user sessions`) : [];
    }
    case 'ip': {
      const words = args.filter((arg) => !arg.startsWith('-'));
      return words.length >= 2 && networkObjects.test(words[0]!) && networkVerbs.test(words[1]!)
        ? change('changes the network configuration')
        : [];
    }
    case 'ifdown':
    case 'ifup':
      return change('takes a network interface down or up');
    case 'ifconfig':
      return args.filter((arg) => !arg.startsWith('-')).length >= 2
        ? change('changes a network interface')
        : [];
    case 'nmcli':
      return args.some((arg) => /^(off|down|delete|del|disconnect|modify|mod)$/.test(arg))
        ? change('changes the network connections')
        : [];
    case 'crontab':
      return args.some((arg) => /^-[a-zA-Z]*r/.test(arg) || arg === '--remove')
        ? change('deletes the whole crontab')
        : [];
    case 'dpkg':
      return args.some((arg) =>
        /^(-[a-zA-Z]*[rP]|--remove|--purge|--force-.*|--unpack|--configure)$/.test(arg),
      )
        ? change('removes system packages or forces changes to them')
        : [];
    case 'rpm':
      return args.some((arg) => /^(-[a-zA-Z]*e|--erase|--nodeps|--force)$/.test(arg))
        ? change('removes system packages or forces changes to them')
        : [];
    case 'pacman':
      return args.some((arg) => /^-R|^--remove$|^-[a-zA-Z]*d[a-zA-Z]*d/.test(arg))
        ? change('removes system packages')
        : [];
    case 'fwupdmgr':
    case 'fwupdtool':
      return /^(install|install-blob|update|upgrade|downgrade|reinstall|activate|switch-branch|unlock|clear-offline|firmware-dump|self-sign|modify-config)$/.test(
        verbOf(args) ?? '',
      )
        ? change('writes device firmware')
        : [];
    case 'efibootmgr':
      return args.some((arg) =>
        /^(-[a-zA-Z]*[cBoOnaAbN]|--create|--delete-bootnum|--bootorder|--bootnext|--active|--inactive|--delete-bootorder)$/.test(
          arg,
        ),
      )
        ? change('changes what the machine boots')
        : [];
    case 'kubectl':
    case 'oc':
      return args[0] === 'debug' && args.some((arg) => /^node\//.test(arg))
        ? change('debug node/… runs a privileged pod on a cluster node, with its root folder')
        : [];
    default: {
      const removals = ownEntry(packageRemovals, program);
      const verb = verbOf(args, /^(-o|-c|-t|--option|--config-file|--target-release)$/);
      return removals && verb && removals.test(verb)
        ? change(`${verb} removes system packages`)
        : [];
    }
  }
};
