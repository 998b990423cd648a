export * from './storage';
export { LocalStorage } from './local';
