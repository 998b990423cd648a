import { subscribe } from '../../platform/events';
import { appUserCreated, appUserDeleted } from '../app-users/public';
import { documentChanged } from '../cloud-db/public';
import { storageObjectDeleted, storageObjectFinalized } from '../storage/public';
import { FunctionTriggers, TRIGGERS_CHANGED } from './triggers';
import { triggersRepo } from './triggers-repo';

interface StorageObject {
  projectId: string;
  bucket: string;
  name: string;
  size: number;
  contentType: string;
  owner: string | null;
  generation: number;
}

const storageRuns = (type: 'objectFinalized' | 'objectDeleted') => async (event: { payload: StorageObject; createdAt: Date }, tx: Parameters<typeof FunctionTriggers.eventRuns>[0]): Promise<void> => {
  const o = event.payload;
  await FunctionTriggers.eventRuns(tx, {
    projectId: o.projectId, source: 'storage', type, at: event.createdAt, facts: { bucket: o.bucket, name: o.name },
    event: { object: { bucket: o.bucket, name: o.name, size: o.size, contentType: o.contentType, owner: o.owner, generation: o.generation } },
  });
};

/**
 * Functions' event triggers: the family listens to the sources' topics on the event bus and
 * writes a run for every trigger an event matches, in the delivery's transaction (exactly
 * once per event); the runs then go as timers' do (retries, dead letters).
 */
export const EVENT_SUBSCRIPTIONS = [
  subscribe({ name: 'cloud-functions.storage-finalized', topic: storageObjectFinalized, handle: storageRuns('objectFinalized') }),
  subscribe({ name: 'cloud-functions.storage-deleted', topic: storageObjectDeleted, handle: storageRuns('objectDeleted') }),
  subscribe({
    name: 'cloud-functions.auth-created',
    topic: appUserCreated,
    handle: async (event, tx) => {
      const u = event.payload;
      await FunctionTriggers.eventRuns(tx, {
        projectId: u.projectId, source: 'auth', type: 'userCreated', at: event.createdAt, facts: { provider: u.provider },
        event: { user: { uid: u.appUserId, anonymous: u.anonymous, email: u.email, provider: u.provider, appId: u.appId } },
      });
    },
  }),
  // Cloud DB is written thousands of times a second: only projects with a Cloud DB trigger get its events.
  subscribe({
    name: 'cloud-functions.clouddb-changed',
    topic: documentChanged,
    interest: { scopeOf: (d) => d.projectId, wanted: (db) => triggersRepo.projectsListening(db, 'clouddb'), changed: TRIGGERS_CHANGED },
    handle: async (event, tx) => {
      const d = event.payload;
      await FunctionTriggers.eventRuns(tx, {
        projectId: d.projectId, source: 'clouddb', type: d.op === 'upsert' ? 'documentWritten' : 'documentDeleted', at: event.createdAt, facts: { zone: d.zoneName, objectType: d.objectTypeName },
        event: { document: { zone: d.zoneName, objectType: d.objectTypeName, key: d.key, by: d.by } },
      });
    },
  }),
  subscribe({
    name: 'cloud-functions.auth-deleted',
    topic: appUserDeleted,
    handle: async (event, tx) => {
      const u = event.payload;
      await FunctionTriggers.eventRuns(tx, { projectId: u.projectId, source: 'auth', type: 'userDeleted', at: event.createdAt, facts: { provider: null }, event: { user: { uid: u.appUserId, anonymous: u.anonymous, email: u.email } } });
    },
  }),
];
