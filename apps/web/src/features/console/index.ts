export { consoleKeys } from './keys';
export { useClientConfig } from './use-client-config';
