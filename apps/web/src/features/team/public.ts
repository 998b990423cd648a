// The team family's face for the console's other families: what they may use of it.
export { usePermissions } from './hooks';
