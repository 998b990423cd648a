// What other features may use of remote-config: nothing else of this folder.
export { remoteConfigKeys } from './api/keys';
export { useRemoteConfig, useRemoteVersion } from './api/queries';
/** A condition's rule editor, for other features that target devices the same way (A/B experiments). */
export { RuleFields } from './components/RuleFields';
export { formToRule, ruleToForm, type RuleValues } from './components/rule-form';
export { ruleText } from './components/rule-text';
