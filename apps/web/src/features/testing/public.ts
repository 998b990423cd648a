// The testing family's face in the console: what the shell and other families use of it.
export { TestingPage } from './pages/TestingPage';
export { useJoinOpenTest, useOpenTestCode } from './hooks';
export { absoluteLink } from './components/GroupsPanel';
