// @wharf/clouddb: a project's Cloud DB from apps, on @wharf/client.
export { CloudDB, CloudZone, getCloudDB } from './clouddb';
export { CloudQuery, type QuerySpec } from './query';
export { CLOUD_DB_CALLS } from './calls';
export type { CloudDocument, Predicate, PredicateOp, QueryAnswer, Scalar } from './types';
