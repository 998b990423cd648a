export * from './get-config';
