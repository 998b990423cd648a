// The platform family's face in the console: what the shell and other families use of it.
export { PlatformPage } from './pages/PlatformPage';
