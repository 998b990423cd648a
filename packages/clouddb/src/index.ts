// @wharf/clouddb: a project's Cloud DB from apps, on @wharf/client.
export { CloudDB, getCloudDB } from './clouddb';
export { CloudDBAdmin, getCloudDBAdmin, type AdminOptions } from './admin';
export { CloudZone } from './zone';
export { CloudQuery, type QuerySpec } from './query';
export { CLOUD_DB_CALLS } from './calls';
export { Transaction, TRANSACTION_CONFLICT, type TransactionOptions } from './transaction';
export type { CloudDocument, Predicate, PredicateOp, QueryAnswer, Scalar } from './types';
