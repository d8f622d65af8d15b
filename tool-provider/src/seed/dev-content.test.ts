import { describe, expect, it } from 'vitest';
import { MATH_TYPES, MathTypeDataSchema, type MathType } from '@kib/core';
import { DEV_CONTENT, toMathTypeData, type SeedMathContent } from './dev-content';

const { courses, topics, problems } = DEV_CONTENT;

/** Every numeral and step of the content, with where it comes from. */
const items: { where: string; content: SeedMathContent }[] = problems.flatMap((problem) =>
  problem.numerals.flatMap((numeral) => [
    { where: `${problem.key} numeral ${numeral.number}`, content: numeral },
    ...(numeral.steps ?? []).map((step) => ({
      where: `${problem.key} numeral ${numeral.number} step ${step.number}`,
      content: step,
    })),
  ]),
);

const subtopics = topics.flatMap((topic) =>
  topic.subtopics.map((subtopic) => ({ ...subtopic, topicKey: topic.key })),
);

function duplicates(keys: readonly string[]): string[] {
  return keys.filter((key, index) => keys.indexOf(key) !== index);
}

describe('DEV_CONTENT', () => {
  it.each([
    ['courses', courses.length, 3],
    ['topics', topics.length, 8],
    ['subtopics', subtopics.length, 20],
    ['problems', problems.length, 14],
    ['published problems', problems.filter((problem) => problem.publishProblem).length, 12],
    [
      'problems with steps',
      problems.filter((problem) => problem.numerals.some((numeral) => (numeral.steps ?? []).length > 0))
        .length,
      4,
    ],
  ])('has at least the minimum number of %s (%i ≥ %i)', (_what, count, minimum) => {
    expect(count).toBeGreaterThanOrEqual(minimum);
  });

  it('has one or two unpublished drafts', () => {
    const drafts = problems.filter((problem) => !problem.publishProblem).length;
    expect(drafts).toBeGreaterThanOrEqual(1);
    expect(drafts).toBeLessThanOrEqual(2);
  });

  it('is mostly in Spanish, with a few problems in English', () => {
    const spanish = problems.filter((problem) => problem.language === 'es').length;
    const english = problems.filter((problem) => problem.language === 'en').length;
    expect(spanish).toBeGreaterThan(english);
    expect(english).toBeGreaterThan(0);
  });

  it.each(MATH_TYPES)('uses the math type %s at least once', (mathType: MathType) => {
    expect(items.some((item) => item.content.mathType === mathType)).toBe(true);
  });

  it.each(items)('$where has data that passes its core schema', ({ content }) => {
    const result = MathTypeDataSchema.safeParse(toMathTypeData(content));
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it.each([
    ['course', courses.map((course) => course.key)],
    ['topic', topics.map((topic) => topic.key)],
    ['subtopic', subtopics.map((subtopic) => subtopic.key)],
    ['problem', problems.map((problem) => problem.key)],
    ['English course name', courses.map((course) => course.name)],
    ['Spanish course name', courses.map((course) => course.nameSpanish)],
    ['English topic name', topics.map((topic) => topic.name)],
    ['Spanish topic name', topics.map((topic) => topic.nameSpanish)],
  ])('has no repeated %s key or name', (_what, keys) => {
    expect(duplicates(keys)).toEqual([]);
  });

  it.each(courses)('course $key lists only existing topics, each once', (course) => {
    const topicKeys = new Set(topics.map((topic) => topic.key));
    expect(course.topicKeys.filter((key) => !topicKeys.has(key))).toEqual([]);
    expect(duplicates(course.topicKeys)).toEqual([]);
  });

  it('puts every topic in at least one course', () => {
    const used = new Set(courses.flatMap((course) => course.topicKeys));
    expect(topics.filter((topic) => !used.has(topic.key)).map((topic) => topic.key)).toEqual([]);
  });

  it.each(problems)('problem $key links to an existing subtopic of its topic', (problem) => {
    expect(topics.some((topic) => topic.key === problem.topicKey)).toBe(true);
    expect(
      subtopics.some(
        (subtopic) => subtopic.key === problem.subtopicKey && subtopic.topicKey === problem.topicKey,
      ),
    ).toBe(true);
  });

  it.each(problems)('problem $key numbers numerals from 1 and steps from 0, in order', (problem) => {
    expect(problem.numerals.map((numeral) => numeral.number)).toEqual(
      problem.numerals.map((_numeral, index) => index + 1),
    );
    for (const numeral of problem.numerals) {
      const steps = numeral.steps ?? [];
      expect(steps.map((step) => step.number)).toEqual(steps.map((_step, index) => index));
    }
  });

  it.each(problems)('problem $key writes its math between dollar signs in pairs', (problem) => {
    const texts = [
      problem.description,
      ...problem.numerals.flatMap((numeral) => [
        numeral.question,
        numeral.initialHint ?? '',
        ...(numeral.steps ?? []).flatMap((step) => [step.instruction, step.explanation]),
      ]),
    ];
    for (const text of texts) expect((text.match(/\$/g) ?? []).length % 2, text).toBe(0);
  });

  it('makes the demo module of module-1 … module-4: first, short, published, mixed, one with steps', () => {
    const demo = problems.slice(0, 4);
    expect(demo.map((problem) => problem.key)).toEqual(['module-1', 'module-2', 'module-3', 'module-4']);
    expect(demo.every((problem) => problem.publishProblem)).toBe(true);
    expect(demo.every((problem) => problem.numerals.length <= 3)).toBe(true);
    expect(demo.some((problem) => problem.numerals.some((numeral) => (numeral.steps ?? []).length > 0))).toBe(
      true,
    );
    const demoTypes = new Set(demo.flatMap((problem) => problem.numerals.map((numeral) => numeral.mathType)));
    expect(demoTypes.size).toBeGreaterThanOrEqual(4);
  });

  it('gives every step of a numeral with steps two or three steps', () => {
    for (const problem of problems) {
      for (const numeral of problem.numerals) {
        const count = (numeral.steps ?? []).length;
        if (count > 0) expect([2, 3]).toContain(count);
      }
    }
  });
});
