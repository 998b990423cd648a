// What other features may use of support: nothing yet (the shell finds its pages and menu entries in routes.tsx).
export { supportKeys } from './hooks';
