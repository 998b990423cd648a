export * from './schemas';
export * from './calls';
export * from './client-calls';
export * from './oidc-schemas';
export * from './oidc-calls';
export * from './phone-calls';
export * from './template-calls';
