import { ProblemDraftSchema, type ProblemDraft } from '@kib/core';
import { fieldId, validateRecord } from './math-type-forms';

/** The problem's own fields that can be wrong. */
export type ProblemField =
  | 'title'
  | 'description'
  | 'language'
  | 'courseId'
  | 'topicId'
  | 'subtopicId'
  | 'numeration'
  | 'picture'
  | 'videoS3';

/** Where a wrong value is: the problem, a numeral or a step (by key), and its field or record path. */
export interface IssuePlace {
  numeralKey: string | null;
  stepKey: string | null;
  /** A field of the problem, numeral or step; `record` for a path inside what it asks. */
  field: string;
  /** The path inside the math type's record when `field` is `record` ('' for the record as a whole). */
  recordPath: string;
}

/**
 * One thing to fix: where it is, and what is wrong, as an i18n key (`message`, with `params`) or as
 * the server's own words (`text`).
 */
export interface DraftIssue extends IssuePlace {
  message: string;
  params?: Record<string, unknown>;
  text?: string;
}

/** The element id of a problem field. */
export const problemFieldId = (field: string) => `problem-${field}`;
/** The element id of a numeral's or step's field. */
export const itemFieldId = (itemKey: string, field: string) => `item-${itemKey}-${field}`;
/** The id prefix of a numeral's or step's math-type form. */
export const formPrefix = (itemKey: string) => `form-${itemKey}`;
/** The element id of a numeral's or step's heading. */
export const itemHeadingId = (itemKey: string) => `item-${itemKey}`;

/** The element an issue points at, for the summary's links. */
export function issueAnchor(issue: IssuePlace): string {
  const itemKey = issue.stepKey ?? issue.numeralKey;
  if (itemKey === null) return problemFieldId(issue.field);
  if (issue.field !== 'record') return itemFieldId(itemKey, issue.field);
  return issue.recordPath === ''
    ? `${formPrefix(itemKey)}-group`
    : fieldId(formPrefix(itemKey), issue.recordPath);
}

/**
 * Where a path into the draft leads (`numerals.1.steps.0.instruction`, `numerals.0.data.target`,
 * `title`), or null when it names no item of this draft.
 */
export function placeOf(draft: ProblemDraft, path: readonly (string | number)[]): IssuePlace | null {
  const parts = path.map(String);
  if (parts[0] !== 'numerals')
    return { numeralKey: null, stepKey: null, field: parts[0] ?? 'title', recordPath: '' };
  const numeral = draft.numerals[Number(parts[1])];
  if (!numeral) return null;
  let rest = parts.slice(2);
  let stepKey: string | null = null;
  if (rest[0] === 'steps') {
    const step = numeral.steps[Number(rest[1])];
    if (!step) return null;
    stepKey = step.key;
    rest = rest.slice(2);
  }
  const [field = 'record', ...inner] = rest;
  if (field === 'data' || field === 'choices' || field === 'mathType')
    return {
      numeralKey: numeral.key,
      stepKey,
      field: 'record',
      recordPath: field === 'choices' ? ['choices', ...inner].join('.') : inner.join('.'),
    };
  return { numeralKey: numeral.key, stepKey, field, recordPath: '' };
}

const sameRecordPlace = (a: IssuePlace, b: IssuePlace) =>
  a.numeralKey === b.numeralKey &&
  a.stepKey === b.stepKey &&
  a.field === b.field &&
  a.recordPath === b.recordPath;

/**
 * What keeps the draft from being saved: the core schema of a draft (`ProblemDraftSchema`), each
 * filled-in record checked by its math type's form (`validateRecord`), and, when the problem is to
 * be published or tried (`complete`), every numeral and step answered.
 */
export function checkDraft(draft: ProblemDraft, options: { complete?: boolean } = {}): DraftIssue[] {
  const complete = options.complete ?? draft.publishProblem;
  const issues: DraftIssue[] = [];
  const add = (issue: DraftIssue) => {
    if (!issues.some((i) => sameRecordPlace(i, issue))) issues.push(issue);
  };
  const items = draft.numerals.flatMap((n) => [
    { numeralKey: n.key, stepKey: null, item: n },
    ...n.steps.map((s) => ({ numeralKey: n.key, stepKey: s.key, item: s })),
  ]);
  for (const { numeralKey, stepKey, item } of items) {
    const empty = item.mathType === 'multipleChoice' ? item.choices.length === 0 : item.data === null;
    if (empty) {
      if (complete)
        add({ numeralKey, stepKey, field: 'record', recordPath: '', message: 'creator.record-empty' });
      continue;
    }
    const errors = validateRecord(item.mathType, item.data, item.choices);
    for (const [recordPath, message] of Object.entries(errors))
      add({ numeralKey, stepKey, field: 'record', recordPath, message });
  }
  const parsed = ProblemDraftSchema.safeParse(draft);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const place = placeOf(draft, issue.path as (string | number)[]);
      if (!place) continue;
      // A record's own errors came from its form's check above, with the form's words.
      if (
        place.field === 'record' &&
        issues.some(
          (i) => i.stepKey === place.stepKey && i.numeralKey === place.numeralKey && i.field === 'record',
        )
      )
        continue;
      const max = (issue as { maximum?: unknown }).maximum;
      add({ ...place, message: issue.message, params: typeof max === 'number' ? { max } : undefined });
    }
  if (complete && draft.numerals.length === 0)
    add({
      numeralKey: null,
      stepKey: null,
      field: 'numerals',
      recordPath: '',
      message: 'creator.no-numerals',
    });
  return issues;
}

/** Is `b` the same issue as `a`: the same place and the same message? */
export const sameIssue = (a: DraftIssue, b: DraftIssue) => sameRecordPlace(a, b) && a.message === b.message;

/**
 * The issues of the last check that the draft still has: an issue fixed since goes (its field and
 * the summary stop showing it); the server's own words stay until the next save.
 */
export function remainingIssues(
  issues: readonly DraftIssue[],
  draft: ProblemDraft,
  complete: boolean,
): readonly DraftIssue[] {
  if (issues.length === 0) return issues;
  const now = checkDraft(draft, { complete });
  const still = issues.filter((i) => i.text !== undefined || now.some((n) => sameIssue(n, i)));
  return still.length === issues.length ? issues : still;
}

/** Where a file sent with the draft belongs: its item's picture, video or hint picture field. */
export interface SentFile {
  target: 'problem' | 'numeral' | 'hint' | 'step' | 'choice';
  key: string;
  kind: 'picture' | 'video';
}

/** The place of the field a sent file was for, or null when its item is no longer in the draft. */
function filePlace(draft: ProblemDraft, file: SentFile): IssuePlace | null {
  const field = file.target === 'hint' ? 'hintPicture' : file.kind === 'video' ? 'videoS3' : 'picture';
  if (file.target === 'problem') return { numeralKey: null, stepKey: null, field, recordPath: '' };
  for (const n of draft.numerals) {
    if ((file.target === 'numeral' || file.target === 'hint') && n.key === file.key)
      return { numeralKey: n.key, stepKey: null, field, recordPath: '' };
    if (file.target === 'choice' && n.choices.some((c) => c.key === file.key))
      return { numeralKey: n.key, stepKey: null, field: 'record', recordPath: '' };
    for (const s of n.steps) {
      if (file.target === 'step' && s.key === file.key)
        return { numeralKey: n.key, stepKey: s.key, field, recordPath: '' };
      if (file.target === 'choice' && s.choices.some((c) => c.key === file.key))
        return { numeralKey: n.key, stepKey: s.key, field: 'record', recordPath: '' };
    }
  }
  return null;
}

/** The fields the tool shows, where a server's error can be put. */
const SHOWN_FIELDS = new Set([
  'title',
  'description',
  'language',
  'courseId',
  'topicId',
  'subtopicId',
  'numeration',
  'picture',
  'videoS3',
  'skillIds',
  'question',
  'initialHint',
  'hintPicture',
  'instruction',
  'explanation',
  'record',
]);

/**
 * The server's field errors (`{ 'state.numerals.0.question': ['…'], 'picture_1': ['…'] }`) as issues
 * of this draft, in the server's words: a file's error (`picture_{n}`, `video_{n}`, `formdata_{n}`)
 * at the field of the item `files[n]` was sent for. Errors of nothing the tool shows stay in `other`.
 */
export function serverIssues(
  draft: ProblemDraft,
  fields: Record<string, string[]>,
  files: readonly SentFile[] = [],
): { issues: DraftIssue[]; other: string[] } {
  const issues: DraftIssue[] = [];
  const other: string[] = [];
  for (const [name, texts] of Object.entries(fields)) {
    const text = texts.join(' ');
    const sent = /^(?:picture|video|formdata)_(\d+)(?:\.|$)/.exec(name);
    let place: IssuePlace | null;
    if (sent) {
      const file = files[Number(sent[1])];
      place = file ? filePlace(draft, file) : null;
    } else {
      const path = name.replace(/^state\./, '').split('.');
      const camel = path.map((p) => p.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()));
      place = name === 'state' || camel[0] === 'userType' ? null : placeOf(draft, camel);
    }
    if (place && SHOWN_FIELDS.has(place.field)) issues.push({ ...place, message: '', text });
    else other.push(text);
  }
  return { issues, other };
}

/** The errors of one numeral's or step's record, by path ('' for the record as a whole), for its form. */
export function recordErrors(issues: readonly DraftIssue[], itemKey: string): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues)
    if ((issue.stepKey ?? issue.numeralKey) === itemKey && issue.field === 'record')
      errors[issue.recordPath] ??= issue.text ?? issue.message;
  return errors;
}

/** The issue of one field of the problem (numeralKey null) or of a numeral or step. */
export function fieldIssue(
  issues: readonly DraftIssue[],
  itemKey: string | null,
  field: string,
): DraftIssue | undefined {
  return issues.find(
    (i) =>
      (itemKey === null ? i.numeralKey === null : (i.stepKey ?? i.numeralKey) === itemKey) &&
      i.field === field &&
      (field !== 'record' || i.recordPath === ''),
  );
}
