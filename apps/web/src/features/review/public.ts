// The review family's face in the console: what the shell and other families use of it.
export { ReviewQueuePage } from './pages/ReviewQueuePage';
export { ReviewTaskPage } from './pages/ReviewTaskPage';
