import { findRule, recursiveRemoveRule, removeItemRule, rsyncDeleteRule } from './deletion-rules';
import { blockDeviceWriteRule, diskFormatRule } from './disk-rules';
import { awkRule, detachRule, hiddenExecutionRule, metadataRule } from './execution-rules';
import { linkRule, outsideWorkspaceRule, permissionRule } from './path-rules';
import { codePayloadRule } from './payload-rules';
import { powerRule } from './power-rules';
import { containerRule, privilegeRule, setIdInstallRule } from './privilege-rules';
import { killRule } from './process-rules';
import type { Rule } from './rule';

/** Every rule, in the order their findings are listed. Rule files of other families add theirs here. */
export const rules: readonly Rule[] = [
  recursiveRemoveRule,
  findRule,
  rsyncDeleteRule,
  removeItemRule,
  diskFormatRule,
  blockDeviceWriteRule,
  powerRule,
  killRule,
  codePayloadRule,
  awkRule,
  privilegeRule,
  setIdInstallRule,
  containerRule,
  metadataRule,
  hiddenExecutionRule,
  detachRule,
  outsideWorkspaceRule,
  permissionRule,
  linkRule,
];
