import type { ChoiceDraft, MultipleChoiceEntry, Numeral, Problem, ProblemDraft, Step } from '@kib/core';

/** A numeral or step of a draft answered enough to be solved: a record, or choices for multipleChoice. */
const answered = (item: { mathType: string; data: unknown; choices: ChoiceDraft[] }) =>
  item.mathType === 'multipleChoice' ? item.choices.length > 0 : item.data !== null;

/**
 * The draft as a full problem the solver can run in the browser (its offline backend): numerals,
 * steps and choices numbered in order (ids made up where the draft has none yet). Null when a
 * numeral or step is not answered yet.
 */
export function draftAsProblem(draft: ProblemDraft, authorId: number): Problem | null {
  const items = draft.numerals.flatMap((n) => [n, ...n.steps]);
  if (draft.numerals.length === 0 || !items.every(answered)) return null;
  const problemId = draft.id ?? 1;
  let nextId = 1;
  const choicesOf = (
    choices: ChoiceDraft[],
    owner: { numeralId?: number; stepId?: number },
  ): MultipleChoiceEntry[] =>
    choices.map((c, position) => ({
      id: nextId++,
      position,
      text: c.text,
      picture: c.picture,
      correct: c.correct,
      numeralId: owner.numeralId ?? null,
      stepId: owner.stepId ?? null,
    }));
  const content = (
    item: { mathType: string; data: unknown; choices: ChoiceDraft[] },
    owner: { numeralId?: number; stepId?: number },
  ) =>
    item.mathType === 'multipleChoice'
      ? { mathType: 'multipleChoice' as const, choices: choicesOf(item.choices, owner) }
      : { mathType: item.mathType, data: item.data };
  const numerals = draft.numerals.map((n, number): Numeral => {
    const numeralId = nextId++;
    const steps = n.steps.map((s, stepNumber): Step => {
      const stepId = nextId++;
      return {
        id: stepId,
        numeralId,
        number: stepNumber,
        instruction: s.instruction,
        explanation: s.explanation,
        picture: s.picture,
        videoS3: s.videoS3,
        calculator: s.calculator,
        ...content(s, { stepId }),
      } as Step;
    });
    return {
      id: numeralId,
      problemId,
      number,
      question: n.question,
      initialHint: n.initialHint,
      hintPicture: n.hintPicture,
      picture: n.picture,
      videoS3: n.videoS3,
      calculator: n.calculator,
      steps,
      ...content(n, { numeralId }),
    } as Numeral;
  });
  return {
    id: problemId,
    title: draft.title,
    description: draft.description,
    language: draft.language,
    picture: draft.picture,
    subtopicId: draft.subtopicId,
    topicId: draft.topicId,
    authorId,
    numeration: draft.numeration,
    publishProblem: draft.publishProblem,
    videoS3: draft.videoS3,
    calculator: draft.calculator,
    numerals,
  };
}
