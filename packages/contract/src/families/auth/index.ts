export * from './schemas';
export * from './register';
export * from './login';
export * from './refresh';
export * from './logout';
export * from './password-reset';
export * from './user-info';
