// What other features may use of feedback: nothing yet (the shell finds its pages in routes.tsx).
export { feedbackKeys } from './hooks';
