import { type BuiltRegistry, saveWorkspaceRule, workspaceSettingsFile } from '@tinyelf/builder';
import {
  type ConfirmationRequest,
  type ConfirmCall,
  suggestAllowRules,
  Tokens,
} from '@tinyelf/core';
import { askOnTerminal, canAsk } from './terminal';

/** How the CLI answers calls that need confirmation. */
export interface CliConfirmation {
  /** Handed to `registry.execute` (or the agent loop): the one place a call is asked about. */
  readonly confirm: ConfirmCall;
  /** The first call that needed confirmation with nobody to ask (no terminal, no `--yes`). */
  readonly unanswered: () => ConfirmationRequest | undefined;
}

/**
 * The CLI's answer to a call that needs confirmation: yes with `--yes`; asked on the terminal when
 * there is one (`[a]lways` saves the narrowest allow rule to the workspace's
 * `.tinyelf/settings.json`, shown in the question, and stops asking about the same rule for the
 * rest of the run); otherwise no, remembering the call so the command can name it and exit 2.
 * Deny rules and blocked commands never get here: the registry refuses them.
 */
export function cliConfirmation(
  built: BuiltRegistry,
  options: { readonly yes?: boolean; readonly onUnanswered?: () => void },
): CliConfirmation {
  let unanswered: ConfirmationRequest | undefined;
  const workspaceRoot = built.container.resolve<string>(Tokens.WorkspaceRoot);
  const homeDir = built.policy.config.homeDir;
  const settingsFile = workspaceSettingsFile(workspaceRoot);
  const saved = new Set<string>();
  const confirm: ConfirmCall = async (request) => {
    if (options.yes) return true;
    if (!canAsk()) {
      unanswered ??= request;
      options.onUnanswered?.();
      return {
        approved: false,
        reason: 'there is no terminal to ask on and --yes was not given',
      };
    }
    const tool = built.registry.get(request.toolName);
    // A rule of the user's own or a risk warning asks every time: no rule can silence it.
    const rules =
      tool && !request.matchedRule && request.warnings.length === 0
        ? await suggestAllowRules(tool, request.params, { workspaceRoot, homeDir })
        : [];
    if (rules.length && rules.every((rule) => saved.has(rule))) return true;
    const answer = await askOnTerminal(request, rules, settingsFile);
    if (answer === 'allow-always') {
      for (const rule of rules) {
        saveWorkspaceRule(workspaceRoot, 'allow', rule);
        saved.add(rule);
      }
      process.stderr.write(`Saved to ${settingsFile}: allow ${rules.join(', ')}\n`);
    }
    return answer !== 'deny';
  };
  return { confirm, unanswered: () => unanswered };
}

/** The message for a call that needed confirmation and had nobody to ask. */
export function unansweredMessage(request: ConfirmationRequest): string {
  return `${request.toolName} ${JSON.stringify(request.params)} needs confirmation (${request.reason}); run it with --yes, or from a terminal.`;
}
