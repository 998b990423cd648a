export * from './versions/public';
