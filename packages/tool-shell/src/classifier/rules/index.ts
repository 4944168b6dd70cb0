import { containerInputRule } from './code-sources';
import { containerExecRule } from './container-exec-rules';
import { containerPayloadRule } from './container-payload-rules';
import { criticalFileRule } from './critical-file-rules';
import { findRule, recursiveRemoveRule, removeItemRule, rsyncDeleteRule } from './deletion-rules';
import { blockDeviceWriteRule, diskFormatRule } from './disk-rules';
import { awkRule, detachRule, hiddenExecutionRule, metadataRule } from './execution-rules';
import { gitPlacesRule } from './git-places';
import { globalInstallRule } from './global-install-rules';
import { moveAwayRule } from './move-rules';
import { optionCommandRule } from './option-commands';
import { outsideFolderRule } from './outside-folder';
import { packageInstallRule } from './package-install-rules';
import { linkRule, outsideWorkspaceRule, permissionRule } from './path-rules';
import { codePayloadRule } from './payload-rules';
import { powerRule } from './power-rules';
import {
  administrationRule,
  containerRule,
  privilegeRule,
  setIdInstallRule,
} from './privilege-rules';
import { killListedRule, killRule } from './process-rules';
import { killSelectedRule } from './process-selection';
import { commandVariableRule, declaredVariableRule, loadedCodeRule } from './program-option-rules';
import { rawDiskRule } from './raw-disk-rules';
import type { Rule } from './rule';
import { secretSourceRule } from './secret-sources';
import { sensitiveResourceRules } from './sensitive-resource-rules';
import { settingCommandsRule } from './setting-commands';
import { spawnFloodRule } from './spawn-flood';
import { storageRule } from './storage-rules';
import { systemStateRule } from './system-state-rules';
import { toolSettingsRule } from './tool-settings-rules';
import { listedDeleteRule, treeDeleteRule } from './tree-deletion-rules';
import { writtenRunRule } from './written-runs';

/** Every rule, in the order their findings are listed. Rule files of other families add theirs here. */
export const rules: readonly Rule[] = [
  recursiveRemoveRule,
  findRule,
  rsyncDeleteRule,
  removeItemRule,
  treeDeleteRule,
  criticalFileRule,
  listedDeleteRule,
  moveAwayRule,
  diskFormatRule,
  blockDeviceWriteRule,
  rawDiskRule,
  powerRule,
  storageRule,
  killRule,
  killListedRule,
  killSelectedRule,
  spawnFloodRule,
  systemStateRule,
  codePayloadRule,
  writtenRunRule,
  optionCommandRule,
  gitPlacesRule,
  containerInputRule,
  containerPayloadRule,
  packageInstallRule,
  awkRule,
  privilegeRule,
  setIdInstallRule,
  containerRule,
  administrationRule,
  metadataRule,
  hiddenExecutionRule,
  detachRule,
  outsideWorkspaceRule,
  outsideFolderRule,
  permissionRule,
  linkRule,
  ...sensitiveResourceRules,
  settingCommandsRule,
  secretSourceRule,
  loadedCodeRule,
  declaredVariableRule,
  commandVariableRule,
  containerExecRule,
  globalInstallRule,
  toolSettingsRule,
];
