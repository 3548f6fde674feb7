import { SURVEY_MSG, type TSurveyQuestion } from '@panel/shared';
import { checkAnswers } from './answers';

const q = (
  id: number,
  type: TSurveyQuestion['type'],
  required: boolean,
  options: string[] | null = null,
) => ({
  id,
  question_text: `Pregunta ${id}`,
  type,
  required,
  order: id,
  options,
});

const questions: TSurveyQuestion[] = [
  q(1, 'rating', true),
  q(2, 'boolean', true),
  q(3, 'multiple_choice', false, ['Lunes', 'Martes']),
  q(4, 'text', false),
];

describe('checkAnswers', () => {
  it('sends the four types as the server expects and leaves blank optional questions out', () => {
    expect(checkAnswers(questions, { 1: 4, 2: false, 3: 'Martes', 4: '  bien  ' })).toEqual({
      body: {
        answers: [
          { question_id: 1, value: 4 },
          { question_id: 2, value: false },
          { question_id: 3, value: 'Martes' },
          { question_id: 4, value: 'bien' },
        ],
      },
      errors: {},
    });
    expect(
      checkAnswers(questions, { 1: 5, 2: true, 4: '   ' }).body.answers.map((a) => a.question_id),
    ).toEqual([1, 2]);
  });

  it('marks every required question left unanswered (false is an answer, not a blank)', () => {
    expect(checkAnswers(questions, {}).errors).toEqual({
      1: SURVEY_MSG.requiredAnswerMissing,
      2: SURVEY_MSG.requiredAnswerMissing,
    });
    expect(checkAnswers(questions, { 1: 3, 2: false }).errors).toEqual({});
  });

  it("refuses an answer that does not fit its question's type", () => {
    expect(checkAnswers(questions, { 1: 7, 2: true, 3: 'Domingo' }).errors).toEqual({
      1: SURVEY_MSG.ratingInvalid,
      3: SURVEY_MSG.optionInvalid,
    });
  });
});
