export * from './storage';
export { LocalStorage } from './local';
export { S3Storage, type S3Options } from './s3';
