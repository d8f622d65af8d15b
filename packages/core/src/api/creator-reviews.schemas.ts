import { z } from 'zod';

const IdSchema = z
  .number('validation.invalid')
  .int('validation.invalid')
  .positive('validation.invalid')
  .max(2_147_483_647, 'validation.invalid');
const DateTimeSchema = z.iso.datetime({ offset: true, message: 'validation.invalid' });

/** The longest problem or video feedback a supervisor may write, in characters. */
export const REVIEW_FEEDBACK_MAX = 4000;

/** The review fields a creator switches on a problem of theirs (spec 02 §4 "Review"). */
export const REVIEW_REQUEST_FIELDS = ['problemToReview', 'videoToReview'] as const;
/** The review fields a supervisor changes (spec 02 §4 "Review"). */
export const REVIEW_VERDICT_FIELDS = [
  'problemReviewed',
  'ready',
  'correctedText',
  'correctedMath',
  'videoReviewed',
  'videoReady',
  'problemFeedback',
  'videoFeedback',
] as const;
/**
 * Every field a review's history names: the creator's switches, the supervisor's verdicts, and
 * `publishProblem`, which sending a problem to review turns off.
 */
export const REVIEW_HISTORY_FIELDS = [
  ...REVIEW_REQUEST_FIELDS,
  ...REVIEW_VERDICT_FIELDS,
  'publishProblem',
] as const;
/** A field a review's history names. */
export type ReviewHistoryField = (typeof REVIEW_HISTORY_FIELDS)[number];

/** Which reviews a list shows: `current` (waiting for a supervisor) or `passed` (reviewed). */
export const REVIEW_STATES = ['current', 'passed'] as const;
/** One of REVIEW_STATES. */
export type ReviewState = (typeof REVIEW_STATES)[number];

/**
 * The review of a problem (spec 02 §3 "Problem review"): the creator's requests, the supervisor's
 * verdicts and feedback, who reviewed it last and when, and when it and its videos were last sent.
 * A problem never sent has every switch off.
 */
export const ReviewFieldsSchema = z.object({
  problemToReview: z.boolean(),
  videoToReview: z.boolean(),
  problemReviewed: z.boolean(),
  videoReviewed: z.boolean(),
  ready: z.boolean(),
  videoReady: z.boolean(),
  problemFeedback: z.string(),
  videoFeedback: z.string(),
  correctedText: z.boolean(),
  correctedMath: z.boolean(),
  graphs: z.number().int().nonnegative(),
  supervisorId: z.number().int().nullable(),
  supervisorName: z.string().nullable(),
  reviewDate: DateTimeSchema.nullable(),
  sentAt: DateTimeSchema.nullable(),
  videoSentAt: DateTimeSchema.nullable(),
});
/** The review of a problem. */
export type ReviewFields = z.infer<typeof ReviewFieldsSchema>;

/** A problem under review: its title, author and state, and its review. */
export const ProblemReviewSchema = ReviewFieldsSchema.extend({
  problemId: z.number().int(),
  title: z.string(),
  authorId: z.number().int(),
  authorName: z.string(),
  published: z.boolean(),
  numerals: z.number().int().nonnegative(),
  /** The problem holds a video (its own, a numeral's or a step's). */
  hasVideo: z.boolean(),
});
/** A problem under review. */
export type ProblemReview = z.infer<typeof ProblemReviewSchema>;

/** One change of a review: who made it, when, and what (the field, its old and its new value, as text). */
export const ReviewHistoryEntrySchema = z.object({
  id: z.number().int(),
  field: z.enum(REVIEW_HISTORY_FIELDS),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  changedAt: DateTimeSchema,
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
});
/** One change of a review. */
export type ReviewHistoryEntry = z.infer<typeof ReviewHistoryEntrySchema>;

/**
 * A problem's review with its history, oldest change first, and what the caller may do with it:
 * `mayRequest` (its author: the send-to-review switches) and `mayReview` (a supervisor: the verdicts).
 */
export const ProblemReviewAnswerSchema = z.object({
  review: ProblemReviewSchema,
  history: z.array(ReviewHistoryEntrySchema),
  mayRequest: z.boolean(),
  mayReview: z.boolean(),
});
/** A problem's review with its history. */
export type ProblemReviewAnswer = z.infer<typeof ProblemReviewAnswerSchema>;

/**
 * POST get_creators_review_list/: the spec's client sent its user id; the caller is the one the
 * access token names, so an id sent is ignored.
 */
export const CreatorsReviewListRequestSchema = z.object({ userId: IdSchema.optional() }).strict();

/** A creator of the supervisor's list, with how many of their problems wait, were reviewed, are ready. */
export const ReviewCreatorSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  dateJoined: DateTimeSchema,
  toReview: z.number().int().nonnegative(),
  reviewed: z.number().int().nonnegative(),
  ready: z.number().int().nonnegative(),
});
/** A creator of the supervisor's list. */
export type ReviewCreator = z.infer<typeof ReviewCreatorSchema>;

/** The creators review list: every author of a problem with a review, and the caller's user type. */
export const CreatorsReviewListAnswerSchema = z.object({
  authors: z.array(ReviewCreatorSchema),
  userType: z.enum(['supervisor', 'creator']),
});
/** The creators review list. */
export type CreatorsReviewListAnswer = z.infer<typeof CreatorsReviewListAnswerSchema>;

/**
 * POST get_reviews_by_date/: one creator's reviews in a window. `current` lists what waits for a
 * supervisor by when it was sent; `passed` what was reviewed, by its review date. `start` is
 * included, `end` is not.
 */
export const ReviewsByDateRequestSchema = z
  .object({
    creator: IdSchema,
    start: DateTimeSchema,
    end: DateTimeSchema,
    state: z.enum(REVIEW_STATES, 'validation.invalid').default('current'),
  })
  .strict()
  .refine((r) => Date.parse(r.end) > Date.parse(r.start), {
    path: ['end'],
    message: 'validation.review-range-order',
  });
/** POST get_reviews_by_date/'s body. */
export type ReviewsByDateRequest = z.input<typeof ReviewsByDateRequestSchema>;

/** One creator's reviews in a window, the newest first. */
export const ReviewsByDateAnswerSchema = z.object({
  problems: z.array(ProblemReviewSchema),
});
/** One creator's reviews in a window. */
export type ReviewsByDateAnswer = z.infer<typeof ReviewsByDateAnswerSchema>;

/**
 * PUT creator/reviews/:id/requests/: the author's switches. 'Send Problem To Review' on turns
 * 'Send Videos to review' off and unpublishes the problem; videos go to review only when the
 * problem is ready and not itself in review.
 */
export const ReviewRequestSchema = z
  .object({
    problemToReview: z.boolean('validation.invalid').optional(),
    videoToReview: z.boolean('validation.invalid').optional(),
  })
  .strict()
  .refine((r) => r.problemToReview !== undefined || r.videoToReview !== undefined, {
    message: 'validation.review-nothing-to-change',
  });
/** The author's switches. */
export type ReviewRequest = z.infer<typeof ReviewRequestSchema>;

/** Feedback: plain text (a NUL character, which no text column keeps, is refused), bounded in length. */
const FeedbackSchema = z
  .string('validation.invalid')
  .max(REVIEW_FEEDBACK_MAX, 'validation.too-long')
  .refine((text) => !text.includes('\u0000'), 'validation.invalid');

/** PATCH creator/reviews/:id/: the supervisor's verdicts and feedback, only the fields that change. */
export const ReviewVerdictSchema = z
  .object({
    problemReviewed: z.boolean('validation.invalid').optional(),
    ready: z.boolean('validation.invalid').optional(),
    correctedText: z.boolean('validation.invalid').optional(),
    correctedMath: z.boolean('validation.invalid').optional(),
    videoReviewed: z.boolean('validation.invalid').optional(),
    videoReady: z.boolean('validation.invalid').optional(),
    problemFeedback: FeedbackSchema.optional(),
    videoFeedback: FeedbackSchema.optional(),
  })
  .strict()
  .refine((r) => Object.values(r).some((v) => v !== undefined), {
    message: 'validation.review-nothing-to-change',
  });
/** The supervisor's verdicts and feedback. */
export type ReviewVerdict = z.infer<typeof ReviewVerdictSchema>;
