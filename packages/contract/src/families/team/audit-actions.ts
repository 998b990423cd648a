import { PHASE_ACTIONS, TEST_ACTIONS, VERSION_ACTIONS, type PhaseAction, type TestAction, type VersionAction } from '@wharf/rules';

/**
 * Every action an audit event can record: the server's writer takes no other (a type), and
 * the console words each one in three languages (a test walks the list). A new audited
 * change adds its action here first.
 */
const FIXED = [
  'agreement.sign',
  'app.clientCreate', 'app.clientRestrict', 'app.clientRotate', 'app.create', 'app.delete', 'app.developStatus', 'app.move', 'app.packageName', 'app.packageNameClaimed', 'app.series', 'app.update',
  'auth.passwordReset', 'auth.passwordResetRequested', 'auth.register', 'auth.signIn', 'auth.signInFailed', 'auth.signOut',
  'content.news.create', 'content.news.update', 'content.news.delete',
  'content.billboard.create', 'content.billboard.update', 'content.billboard.delete',
  'content.discount.create', 'content.discount.update', 'content.discount.delete',
  'file.byUrl', 'file.delete', 'file.upload', 'file.uploadUrl', 'file.videoParse', 'file.videoParsed', 'file.videoParseFailed',
  'immersive.approve', 'immersive.cancel', 'immersive.create', 'immersive.delete', 'immersive.reject', 'immersive.submit', 'immersive.update',
  'member.invite', 'member.inviteRevoked', 'member.join', 'member.remove', 'member.rolesChanged',
  'operator.bootstrap', 'operator.grant', 'operator.revoke',
  'package.add', 'package.addH5', 'package.claim', 'package.claimApproved', 'package.claimPending', 'package.claimRejected', 'package.claimWithdrawn', 'package.delete', 'package.parsed', 'package.rejected',
  'project.create', 'project.delete', 'project.rename',
  'qualification.approve', 'qualification.cancel', 'qualification.delete', 'qualification.reject', 'qualification.submit', 'qualification.update',
  'review.approve', 'review.reject',
  'role.create', 'role.delete', 'role.update',
  'team.create', 'team.switch',
  'test.released', 'tester.join', 'testVersion.create',
  'testGroup.addMembers', 'testGroup.create', 'testGroup.delete', 'testGroup.import', 'testGroup.removeMember', 'testGroup.rename',
  'testInvitation.create', 'testInvitation.email', 'testInvitation.expire',
  'version.create', 'version.superseded', 'version.restoredByRollback', 'version.restoredByPhaseRollback',
  'app-users.authMethods', 'app-users.delete', 'app-users.disable', 'app-users.enable', 'app-users.identityProviderAdd', 'app-users.identityProviderChange', 'app-users.identityProviderRemove', 'app-users.linkEmail', 'app-users.linkPhone', 'app-users.linkProvider', 'app-users.locked', 'app-users.phonePolicy', 'app-users.redirectUris', 'app-users.resetPassword', 'app-users.revokeSessions', 'app-users.signIn', 'app-users.signInFailed', 'app-users.signUp', 'app-users.template', 'app-users.unlink', 'app-users.verifyEmail',
  'api-clients.create', 'api-clients.delete', 'api-clients.grant', 'api-clients.keyCreate', 'api-clients.keyDelete', 'api-clients.revokeGrant', 'api-clients.secretReset', 'api-clients.update',
  'remote-config.saveDraft', 'remote-config.discardDraft', 'remote-config.publish', 'remote-config.rollback', 'remote-config.settings', 'remote-config.requestReview', 'remote-config.approveReview', 'remote-config.rejectReview',
  'ab-testing.create', 'ab-testing.update', 'ab-testing.delete', 'ab-testing.start', 'ab-testing.stop', 'ab-testing.rollOut',
  'cloud-db.export', 'cloud-db.import', 'cloud-db.rules', 'cloud-db.typeCreate', 'cloud-db.typeUpdate', 'cloud-db.typeDelete', 'cloud-db.schemaImport', 'cloud-db.zoneCreate', 'cloud-db.zoneRetention', 'cloud-db.zoneDelete', 'cloud-db.retentionPurge', 'cloud-db.adminWrite',
  'analytics.settings', 'analytics.deleteUserData', 'analytics.reportTemplate.create', 'analytics.reportTemplate.update', 'analytics.reportTemplate.delete', 'analytics.export', 'analytics.audience.create', 'analytics.audience.update', 'analytics.audience.delete',
  'cloud-functions.create', 'cloud-functions.update', 'cloud-functions.delete', 'cloud-functions.publish', 'cloud-functions.deleteVersion',
  'cloud-functions.createAlias', 'cloud-functions.updateAlias', 'cloud-functions.deleteAlias',
  'cloud-functions.createTrigger', 'cloud-functions.updateTrigger', 'cloud-functions.deleteTrigger', 'cloud-functions.replayTriggerRun', 'cloud-functions.saveTestEvent', 'cloud-functions.deleteTestEvent',
  'cloud-functions.createAlarm', 'cloud-functions.updateAlarm', 'cloud-functions.deleteAlarm',
  'cloud-functions.createLayerVersion', 'cloud-functions.deleteLayerVersion', 'cloud-functions.layerBuilt',
  'cloud-functions.createPreloadPolicy', 'cloud-functions.updatePreloadPolicy', 'cloud-functions.deletePreloadPolicy',
  'questionnaire.close', 'questionnaire.create', 'questionnaire.delete', 'questionnaire.publish', 'questionnaire.update',
  'feedback.note', 'feedback.receive', 'feedback.reply', 'feedback.update',
  'support.create', 'support.reply', 'support.close', 'support.rate', 'support.answer', 'support.note', 'support.update', 'support.autoClose',
  'databases.create', 'databases.delete', 'databases.restore', 'databases.drop', 'databases.accountCreate', 'databases.accountPassword', 'databases.accountDelete', 'databases.execute', 'databases.export', 'databases.scriptSave', 'databases.scriptDelete', 'databases.scriptRun', 'databases.scriptCancel', 'databases.overQuota', 'databases.underQuota',
  'storage.enable', 'storage.createBucket', 'storage.deleteBucket', 'storage.upload', 'storage.updateMetadata', 'storage.delete', 'storage.putRules', 'storage.putCors',
  'hosting.createSite', 'hosting.deleteSite', 'hosting.deploy', 'hosting.release', 'hosting.deleteChannel', 'hosting.putConfig', 'hosting.addDomain', 'hosting.deleteDomain', 'hosting.domainVerified',
  'ageRating.approve', 'ageRating.cancel', 'ageRating.reject', 'ageRating.submit', 'ageRating.update',
  'ratings.reply', 'ratings.deleteReply', 'ratings.hide', 'ratings.show', 'ratings.template.create', 'ratings.template.update', 'ratings.template.delete',
  'app-links.create', 'app-links.update', 'app-links.delete', 'app-links.settings', 'app-links.createPrefix', 'app-links.deletePrefix',
  'app-links.hostVerified', 'app-links.takeDown', 'app-links.dismissReport',
  'app-messaging.create', 'app-messaging.update', 'app-messaging.delete', 'app-messaging.publish', 'app-messaging.pause',
  'app-messaging.resume', 'app-messaging.end',
] as const;

/** What a version's history records besides its state machine's actions. */
export type VersionRecordAction = VersionAction | 'create' | 'superseded' | 'restoredByRollback' | 'restoredByPhaseRollback' | `phased.${PhaseAction}`;

export type AuditAction = (typeof FIXED)[number] | `version.${VersionRecordAction}` | `testVersion.${TestAction}`;

export const AUDIT_ACTIONS: readonly AuditAction[] = Object.freeze([
  ...FIXED,
  ...VERSION_ACTIONS.map((a) => `version.${a}` as const),
  ...PHASE_ACTIONS.map((a) => `version.phased.${a}` as const),
  ...TEST_ACTIONS.map((a) => `testVersion.${a}` as const),
]);
