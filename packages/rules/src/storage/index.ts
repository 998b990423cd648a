export * from './names';
export * from './security-rules';
