// What other families may use of Cloud DB: the topic its document changes are published on.
export { documentChanged } from './events';
