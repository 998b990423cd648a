// The packages family's face in the console: what the shell and other families use of it.
export { PackagesPage } from './pages/PackagesPage';
export { useIconUrl, usePackages } from './hooks';
