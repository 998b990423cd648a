import type { Endpoint } from './kit/endpoint';
import * as consoleFamily from './families/console';
import * as authFamily from './families/auth';
import * as teamFamily from './families/team';
import * as operatorFamily from './families/operator';
import * as reportFamily from './families/report';
import * as contentFamily from './families/content';
import * as projectFamily from './families/project';
import * as appFamily from './families/app';
import * as fileFamily from './families/file';
import * as packageFamily from './families/package';
import * as versionFamily from './families/version';
import * as immersiveFamily from './families/immersive';
import * as qualificationFamily from './families/qualification';
import * as regionFamily from './families/region';
import * as testingFamily from './families/testing';
import * as agreementFamily from './families/agreement';
import * as appUsersFamily from './families/app-users';
import * as apiClientsFamily from './families/api-clients';
import * as publishingFamily from './families/publishing';
import * as remoteConfigFamily from './families/remote-config';
import * as abTestingFamily from './families/ab-testing';
import * as cloudDbFamily from './families/cloud-db';
import * as analyticsFamily from './families/analytics';
import * as cloudFunctionsFamily from './families/cloud-functions';
import * as ratingsFamily from './families/ratings';
import * as ageRatingFamily from './families/age-rating';
import * as feedbackFamily from './families/feedback';
import * as storageFamily from './families/storage';
import * as hostingFamily from './families/hosting';
import * as questionnairesFamily from './families/questionnaires';
import * as supportFamily from './families/support';
import * as databasesFamily from './families/databases';
import * as appLinksFamily from './families/app-links';

export * from './kit/access';
export * from './kit/permissions';
export * from './kit/ret-codes';
export * from './kit/envelope';
export * from './kit/list';
export * from './kit/endpoint';
export * from './kit/headers';
export * from './kit/field-errors';
export * as consoleApi from './families/console';
export type { ClientConfig, FeatureSwitches } from './families/console';
export * as authApi from './families/auth';
export * as teamApi from './families/team';
export * as operatorApi from './families/operator';
export { OPERATOR_ROLES } from './families/operator';
export * as reportApi from './families/report';
export * as contentApi from './families/content';
export * as projectApi from './families/project';
export type { Project } from './families/project';
export { PROJECTS_PER_TEAM_LIMIT } from './families/project';
export * as appApi from './families/app';
export type { App, AppClient, Platform } from './families/app';
export * as fileApi from './families/file';
export type { FileObject, VideoFacts } from './families/file';
export { MULTIPART_MAX_PARTS, MULTIPART_PART_BYTES } from './families/file';
export * as packageApi from './families/package';
export type { PackageClaim, PackageInfo } from './families/package';
export { PACKAGE_FAILURES, PARSE_STATE } from './families/package';
export * as versionApi from './families/version';
export type { Listing, MissingField, PhasedRelease, ReviewTask, StoreListing, Version } from './families/version';
export { REVIEW_REASONS } from './families/version';
export * as immersiveApi from './families/immersive';
export type { ImmersiveInfo, ImmersiveTask } from './families/immersive';
export * as qualificationApi from './families/qualification';
export type { QualificationTask } from './families/qualification';
export { QUALIFICATION_KINDS } from './families/qualification';
export * as regionApi from './families/region';
export * as testingApi from './families/testing';
export * as agreementApi from './families/agreement';
export * as appUsersApi from './families/app-users';
export * as apiClientsApi from './families/api-clients';
export * as publishingApi from './families/publishing';
export * as remoteConfigApi from './families/remote-config';
export * as abTestingApi from './families/ab-testing';
export * as cloudDbApi from './families/cloud-db';
export type { Aggregate, CommitRead, CommitWrite, CloudDbTransfer, CloudDbZone, ObjectQuery, ObjectType, ObjectTypeInput, Predicate, PredicateOp, SchemaFile } from './families/cloud-db';
export { AGGREGATES, COMMIT_LIMITS, PREDICATE_OPS, QUERY_LIMITS } from './families/cloud-db';
export type { Experiment, ExperimentInput, ExperimentMetric, ExperimentResults, ExperimentState, ExperimentTargeting, ExperimentVariant, MetricResult, VariantFigures } from './families/ab-testing';
export { AB_LIMITS, EXPERIMENT_STATES, EXPOSURE_EVENT, METRIC_KINDS } from './families/ab-testing';
export * as analyticsApi from './families/analytics';
export * as cloudFunctionsApi from './families/cloud-functions';
export * as ratingsApi from './families/ratings';
export * as ageRatingApi from './families/age-rating';
export type { AgeDeclaration, AgeRatingTask, AppAgeRating } from './families/age-rating';
export * as feedbackApi from './families/feedback';
export * as storageApi from './families/storage';
export * as hostingApi from './families/hosting';
export type { HostingConfigInput, HostingDomain, HostingSite, HostingVersion } from './families/hosting';
export type { StorageBucket, StorageCorsRule, StorageObjectInfo, StorageRuleInput, StorageUsageDay } from './families/storage';
export type { FeedbackDetail, FeedbackItem, FeedbackNote, FeedbackState } from './families/feedback';
export * as questionnairesApi from './families/questionnaires';
export type { Questionnaire, QuestionnaireState, QuestionResult } from './families/questionnaires';
export * as supportApi from './families/support';
export type { SupportMessage, SupportTicket, SupportTicketDetail } from './families/support';
export * as databasesApi from './families/databases';
export * as appLinksApi from './families/app-links';
export type { Link, LinkPrefix, LinkReport, LinkSettings, LinkStats, LinkTargetsInput, LinkTargetsValue } from './families/app-links';
export type { DbAccount, ProjectDatabase, SqlScript, SqlTask, StatementResult, TaskState } from './families/databases';
export type { AppReview, ModerationItem, PublicReview, RatingSummary, ReplyTemplate, ReviewSort } from './families/ratings';
export type { CloudFunction, FunctionVersion, FunctionAlias, Invocation } from './families/cloud-functions';
export type { AnalyticsContext, AnalyticsEventInput, AnalyticsExport, DistributionDay, PhasedAdoption, Audience, AudienceCondition, AudienceInput, ExportFormat, ExportState, IndustryMetric, ReportDefinition, ReportDimension, ReportMetric, ReportSchedule, ReportTemplate, ReportTemplateInput, AnalyticsSettings, ExploreGroup, PortraitDimension, OverviewDay, OverviewTotals, RejectReason } from './families/analytics';
export { ADOPTION_VERSIONS, ANALYTICS_LIMITS, CRASH_EVENT, AUDIENCE_FIELDS, AUDIENCE_LIMITS, USER_PROPERTY_OPS, AUTOMATIC_EVENTS, DEFAULT_RETENTION_DAYS, EXPORT_FORMATS, EXPORT_STATES, INDUSTRY_LIMITS, INDUSTRY_METRICS, REPORT_DIMENSIONS, REPORT_LIMITS, REPORT_METRICS, REPORT_RANGES, REPORT_SCHEDULES, EXPLORE_GROUPS, EXPLORE_TOP, FUNNEL_STEPS, PORTRAIT_DIMENSIONS, PORTRAIT_TOP, RETENTION_CURVE_DAYS, RETENTION_DAYS, RETENTION_OFFSETS } from './families/analytics';
export type { ConditionRule, FetchAttributes, ParameterType, RemoteCondition, RemoteParameter, RemoteTemplate, RemoteVersionSummary } from './families/remote-config';
export { CONDITION_FIELDS, DEVICE_OSES, PARAMETER_TYPES, REMOTE_CONFIG_LIMITS } from './families/remote-config';
export type { ApiClient, ApiClientRole, ApiClientType, GrantedApp, ServiceAccountKeyFile } from './families/api-clients';
export type { AppUser, AuthMethods, AuthProvider, AuthTemplate, AuthTemplateKind, IdentityProvider, TemplateLanguage } from './families/app-users';
export { AUTH_TEMPLATE_KINDS, TEMPLATE_LANGUAGES, identityProviderInput, isSecureOrLoopback } from './families/app-users';
export type { AgreementId, AgreementState } from './families/agreement';
export { AGREEMENTS, AGREEMENT_IDS } from './families/agreement';
export type { OpenTestListing, Tester, TestGroup, TestInvitation, TestVersion } from './families/testing';
export type { Localized, ServiceEntry } from './families/content';
export type { TeamSummary } from './families/auth';
export type { Member, Role, Invitation, RoleKey } from './families/team';
export { INVITATION_TTL_DAYS, TEAM_MEMBER_LIMIT, TEAMS_PER_USER_LIMIT } from './families/team';
export { AUDIT_ACTIONS, type AuditAction, type VersionRecordAction } from './families/team';

function isEndpoint(v: unknown): v is Endpoint {
  return typeof v === 'object' && v !== null && 'fullPath' in v && 'access' in v;
}

/** Endpoints exported by a family, also those grouped in plain objects (CRUD sets). */
function endpointsOf(family: Record<string, unknown>): Endpoint[] {
  return Object.values(family).flatMap((v) => {
    if (isEndpoint(v)) return [v];
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) return Object.values(v).filter(isEndpoint);
    return [];
  });
}

/** Every call of the catalogue; the server must register each one (a test checks). */
export const ALL_ENDPOINTS: readonly Endpoint[] = [consoleFamily, authFamily, teamFamily, operatorFamily, reportFamily, contentFamily, projectFamily, appFamily, fileFamily, packageFamily, versionFamily, testingFamily, immersiveFamily, qualificationFamily, regionFamily, agreementFamily, appUsersFamily, apiClientsFamily, publishingFamily, remoteConfigFamily, abTestingFamily, analyticsFamily, cloudDbFamily, cloudFunctionsFamily, ratingsFamily, ageRatingFamily, feedbackFamily, questionnairesFamily, supportFamily, databasesFamily, storageFamily, hostingFamily, appLinksFamily].flatMap(
  (f) => endpointsOf(f),
);
