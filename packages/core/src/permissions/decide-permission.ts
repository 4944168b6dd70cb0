import { homedir } from 'node:os';
import { isAbsolute, resolve } from 'node:path';
import type { PermissionMode } from '../policy/permission-mode';
import type { ITool, RiskWarning } from '../tool/tool';
import { realLocation } from '../workspace/real-location';
import type { PermissionDecision } from './permission-decision';
import { isPromise, type MatchedRule, type PermissionRuleSet } from './permission-rule-set';
import type { SpecifierContext } from './tool-permission-specifiers';

/** One call as the policy decides it. */
export interface PermissionRequest {
  /** The tool (its specifier support and confirmation class are used), or just its name. */
  readonly tool: ITool | string;
  /** The validated arguments. @default {} */
  readonly params?: Readonly<Record<string, unknown>>;
  /** The permission mode of the agent making the call. */
  readonly mode: PermissionMode;
  /** The call's risk warnings from `assessRisk`. @default [] */
  readonly warnings?: readonly RiskWarning[];
  /** The workspace relative path rules resolve against. @default process.cwd() */
  readonly workspaceRoot?: string;
}

/** Real workspace roots by the root as given (an absolute path). */
const realRoots = new Map<string, string>();
const noWarnings: readonly RiskWarning[] = [];
/** The last home folder resolved: the folder as given (or the OS's), and resolved. */
let lastHome: { given: string; resolved: string } | undefined;

/** `homeDir` (else the user's home folder) resolved, reusing the last answer for the same folder. */
function homeFolder(homeDir: string | undefined): string {
  const given = homeDir ?? homedir();
  if (lastHome?.given !== given) lastHome = { given, resolved: resolve(given) };
  return lastHome.resolved;
}

/**
 * The specifier context of a request: the real workspace root and the home folder. A new object
 * on every call: a decision uses one for all the rule kinds it asks (a path is resolved on disk
 * once per decision), and a later decision resolves again.
 */
export function specifierContext(
  workspaceRoot: string | undefined,
  homeDir?: string,
): SpecifierContext {
  const given = workspaceRoot === undefined ? process.cwd() : workspaceRoot;
  const key = isAbsolute(given) ? given : resolve(given);
  let real = realRoots.get(key);
  if (real === undefined) {
    const root = resolve(key);
    try {
      real = realLocation(root);
    } catch {
      real = root;
    }
    if (realRoots.size > 100) realRoots.clear();
    realRoots.set(key, real);
  }
  return { workspaceRoot: real, homeDir: homeFolder(homeDir) };
}

/**
 * Decides a call in order: a `block` risk warning denies; a deny rule (of any layer) denies;
 * `bypassPermissions` allows; an ask rule asks; a risk warning asks (no allow rule silences it);
 * an allow rule allows (the outermost layer's, and that of every later layer with allow rules: a
 * sub-agent's allow rules narrow its parent's and never widen them; a layer without allow rules
 * keeps its parent's); then the mode's default (`modeAsks`) allows or asks.
 */
export async function decidePermission(
  layers: readonly PermissionRuleSet[],
  request: PermissionRequest,
  modeAsks: () => boolean,
  homeDir?: string,
): Promise<PermissionDecision> {
  const tool: ITool =
    typeof request.tool === 'string' ? ({ name: request.tool } as ITool) : request.tool;
  const params = request.params ?? {};
  const warnings = request.warnings ?? noWarnings;
  if (warnings.length) {
    const blocking = warnings.filter((warning) => warning.severity === 'block');
    if (blocking.length) {
      return {
        behavior: 'deny',
        reason: `It is never run: ${blocking.map((warning) => warning.message).join(' ')}`,
      };
    }
  }
  // One context per decision: a path is resolved on disk once for all the kinds asked below.
  let context: SpecifierContext | undefined;
  // Core's matchers answer at once; a tool's asynchronous matcher is awaited only when it is one.
  const match = (kind: 'deny' | 'ask' | 'allow', layer: PermissionRuleSet) => {
    context ??= specifierContext(request.workspaceRoot, homeDir);
    return layer.matchNow(kind, tool, params, context);
  };
  for (const layer of layers) {
    if (layer.isEmpty) continue;
    const found = match('deny', layer);
    const denied = isPromise(found) ? await found : found;
    if (denied) return { behavior: 'deny', rule: denied.text, reason: ruleReason(denied) };
  }
  if (request.mode === 'bypassPermissions') {
    return { behavior: 'allow', reason: 'Nothing asks in bypassPermissions mode.' };
  }
  for (const layer of layers) {
    if (layer.isEmpty) continue;
    const found = match('ask', layer);
    const asked = isPromise(found) ? await found : found;
    if (asked) return { behavior: 'ask', rule: asked.text, reason: ruleReason(asked) };
  }
  if (warnings.length) {
    return { behavior: 'ask', reason: warnings.map((warning) => warning.message).join(' ') };
  }
  // Allowance comes from the outermost layer (the main agent's rules); each later layer that has
  // allow rules of its own must allow the call too, and one without is transparent. So a
  // sub-agent's allow rules only filter its parent's: they never allow what the parent asks about.
  if (layers[0]?.list('allow').length) {
    const deciding = layers.filter((layer, index) => index === 0 || layer.list('allow').length);
    const allowed: MatchedRule[] = [];
    for (const layer of deciding) {
      const found = match('allow', layer);
      const rule = isPromise(found) ? await found : found;
      if (!rule) break;
      allowed.push(rule);
    }
    if (allowed.length === deciding.length) {
      const text = allowed.map((rule) => rule.text).join('; ');
      return {
        behavior: 'allow',
        rule: text,
        reason: `The permission rule \`${text}\` allows it.`,
      };
    }
  }
  return modeAsks()
    ? { behavior: 'ask', reason: `${tool.name} asks before it runs in ${request.mode} mode.` }
    : { behavior: 'allow', reason: `${tool.name} needs no confirmation in ${request.mode} mode.` };
}

function ruleReason(rule: MatchedRule): string {
  const verb = rule.kind === 'deny' ? 'refuses it' : 'asks before it runs';
  const unchecked = rule.unchecked
    ? " (the tool gives no meaning to the rule's specifier, so the rule holds for every call)"
    : '';
  return `The permission rule \`${rule.text}\` ${verb}${unchecked}.`;
}
