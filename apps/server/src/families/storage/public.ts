// What other families may use of Cloud Storage: its events (cloud functions' triggers subscribe to them).
export { storageObjectDeleted, storageObjectFinalized } from './events';
