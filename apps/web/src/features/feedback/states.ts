import { feedbackApi, type FeedbackDetail } from '@wharf/contract';

export type { FeedbackDetail };
export const FEEDBACK_STATES_LIST = feedbackApi.FEEDBACK_STATES;
export const FEEDBACK_CATEGORIES_LIST = feedbackApi.FEEDBACK_CATEGORIES;
