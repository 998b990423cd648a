import type { FastifyInstance } from 'fastify';
import { storageApi } from '@wharf/contract';
import { registerEndpoint } from '../../../platform/http/register';
import { bodyStream } from '../../files/public';
import type { StorageServices } from './context';

/** The console's calls: a project's members, held to their roles (not to the buckets' rules). */
export function consoleRoutes(app: FastifyInstance, { buckets, console: files, deps }: StorageServices): void {
  const project = (caller: { projectId: string | null }) => caller.projectId!;
  registerEndpoint(app, storageApi.getStorageService, ({ caller }) => buckets.service(project(caller)));
  registerEndpoint(app, storageApi.enableStorageService, ({ caller }) => buckets.enable(caller, project(caller)));
  registerEndpoint(app, storageApi.createBucket, ({ caller, body }) => buckets.create(caller, project(caller), body.name));
  registerEndpoint(app, storageApi.deleteBucket, ({ caller, query }) => buckets.remove(caller, project(caller), query.bucket));
  registerEndpoint(app, storageApi.listObjects, ({ caller, query }) => files.list(project(caller), query));
  registerEndpoint(app, storageApi.getObject, ({ caller, query }) => files.get(project(caller), query.bucket, query.name));
  registerEndpoint(app, storageApi.uploadObject, ({ caller, query, req }) => files.upload(caller, project(caller), query, bodyStream(req.body, deps.config.uploadIdleTimeoutMs)));
  registerEndpoint(app, storageApi.updateObjectMetadata, ({ caller, query, body }) => files.updateMetadata(caller, project(caller), query, body));
  registerEndpoint(app, storageApi.deleteObjects, ({ caller, query, body }) => files.delete(caller, project(caller), query.bucket, body.names, body.folders));
  registerEndpoint(app, storageApi.signObjectUrl, ({ caller, query, body }) => files.sign(project(caller), query.bucket, query.name, body.expiresInSeconds));
  registerEndpoint(app, storageApi.getBucketRules, ({ caller, query }) => buckets.rules(project(caller), query.bucket));
  registerEndpoint(app, storageApi.putBucketRules, ({ caller, query, body }) => buckets.putRules(caller, project(caller), query.bucket, body.rules));
  registerEndpoint(app, storageApi.testBucketRules, ({ caller, query, body }) => buckets.testRules(project(caller), query.bucket, body.rules, body.cases));
  registerEndpoint(app, storageApi.getBucketCors, ({ caller, query }) => buckets.cors(project(caller), query.bucket));
  registerEndpoint(app, storageApi.putBucketCors, ({ caller, query, body }) => buckets.putCors(caller, project(caller), query.bucket, body.cors));
  registerEndpoint(app, storageApi.getStorageUsage, ({ caller, query }) => buckets.usage(project(caller), query.bucket, query.days));
}
