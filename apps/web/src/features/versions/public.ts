// The versions family's face in the console: what the shell and other families use of it.
export { VersionPage } from './pages/VersionPage';
export { StorePage } from './pages/StorePage';
export { StoreIndexPage } from './pages/StoreIndexPage';
