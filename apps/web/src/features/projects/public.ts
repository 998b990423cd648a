// The projects family's face for the console's other families: what they may use of it.
export { useDisplay } from './display';
export { ProjectSelect } from './components/ProjectSelect';
