// What other features may use of questionnaires: nothing else of this folder.
/** The page a questionnaire's link opens (public: the shell routes it outside the session). */
export { QuestionnaireAnswerPage } from './pages/QuestionnaireAnswerPage';
