// What other features may use of console: the same face as its index, named as every family's is.
export * from './index';
