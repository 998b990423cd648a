// The immersive family's face in the console: what the shell and other families use of it.
export { ImmersivePage } from './pages/ImmersivePage';
export { useImmersiveReviewTab } from './components/ImmersiveReviewTab';
