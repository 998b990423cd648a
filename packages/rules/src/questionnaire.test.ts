import { describe, expect, it } from 'vitest';
import { answersProblem, questionsProblem, visibleQuestions, type Question } from './questionnaire';

const q = (over: Partial<Question> & Pick<Question, 'id' | 'kind'>): Question => ({ title: over.id, required: false, options: [], scale: null, showIf: null, ...over });
const QUESTIONS: Question[] = [
  q({ id: 'uses', kind: 'single', required: true, options: [{ id: 'daily', label: 'Daily' }, { id: 'rarely', label: 'Rarely' }] }),
  q({ id: 'why', kind: 'text', required: true, showIf: { questionId: 'uses', optionIds: ['rarely'] } }),
  q({ id: 'score', kind: 'scale', scale: { min: 0, max: 10, minLabel: 'No', maxLabel: 'Yes' } }),
  q({ id: 'likes', kind: 'multiple', options: [{ id: 'sync', label: 'Sync' }, { id: 'ui', label: 'Looks' }, { id: 'price', label: 'Price' }] }),
];

describe('questionnaires', () => {
  it('shows a conditional question only after the answer it depends on', () => {
    expect(visibleQuestions(QUESTIONS, {}).map((x) => x.id)).toEqual(['uses', 'score', 'likes']);
    expect(visibleQuestions(QUESTIONS, { uses: 'daily' }).map((x) => x.id)).toEqual(['uses', 'score', 'likes']);
    expect(visibleQuestions(QUESTIONS, { uses: 'rarely' }).map((x) => x.id)).toEqual(['uses', 'why', 'score', 'likes']);
  });

  it('asks for the required visible questions only, and refuses answers to hidden or unknown ones', () => {
    expect(answersProblem(QUESTIONS, {})).toEqual({ questionId: 'uses', problem: 'required' });
    expect(answersProblem(QUESTIONS, { uses: 'daily' })).toBeNull();
    expect(answersProblem(QUESTIONS, { uses: 'rarely' })).toEqual({ questionId: 'why', problem: 'required' });
    expect(answersProblem(QUESTIONS, { uses: 'daily', why: 'hidden text' })).toEqual({ questionId: 'why', problem: 'hidden' });
    expect(answersProblem(QUESTIONS, { uses: 'daily', nope: 1 })).toEqual({ questionId: 'nope', problem: 'unknown' });
  });

  it('checks each kind: an option of the question, distinct options, an integer on the scale', () => {
    expect(answersProblem(QUESTIONS, { uses: 'weekly' })).toEqual({ questionId: 'uses', problem: 'invalid' });
    expect(answersProblem(QUESTIONS, { uses: 'daily', likes: ['sync', 'sync'] })).toEqual({ questionId: 'likes', problem: 'invalid' });
    expect(answersProblem(QUESTIONS, { uses: 'daily', likes: ['sync', 'price'], score: 7 })).toBeNull();
    expect(answersProblem(QUESTIONS, { uses: 'daily', score: 11 })).toEqual({ questionId: 'score', problem: 'invalid' });
    expect(answersProblem(QUESTIONS, { uses: 'daily', score: 2.5 })).toEqual({ questionId: 'score', problem: 'invalid' });
    expect(answersProblem(QUESTIONS, { uses: 'rarely', why: 'x'.repeat(2001) })).toEqual({ questionId: 'why', problem: 'tooLong' });
  });

  it('refuses questions with repeated ids, too few options, or a condition on a later or missing choice', () => {
    expect(questionsProblem(QUESTIONS)).toBeNull();
    expect(questionsProblem([QUESTIONS[0]!, QUESTIONS[0]!])).toMatch(/used twice/);
    expect(questionsProblem([q({ id: 'a', kind: 'single', options: [{ id: 'x', label: 'X' }] })])).toMatch(/two options/);
    expect(questionsProblem([QUESTIONS[1]!, QUESTIONS[0]!])).toMatch(/earlier choice/);
    expect(questionsProblem([QUESTIONS[0]!, q({ id: 'b', kind: 'text', showIf: { questionId: 'uses', optionIds: ['never'] } })])).toMatch(/does not have/);
    expect(questionsProblem([q({ id: 's', kind: 'scale', scale: { min: 5, max: 5, minLabel: '', maxLabel: '' } })])).toMatch(/min must be below max/);
  });
});
