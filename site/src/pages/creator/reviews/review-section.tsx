import { ApiError } from '@kib/api-client';
import {
  formatDateTimeDmy,
  REVIEW_FEEDBACK_MAX,
  type ProblemReviewAnswer,
  type ReviewVerdict,
} from '@kib/core';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useT, type Translate } from '../../../i18n/language';
import { Alert, StatusNotice } from '../../../ui/alert';
import { errorMessage } from '../../../ui/error-message';
import { TextAreaField } from '../../../ui/field';
import { Spinner } from '../../../ui/spinner';
import { useRequestReview, useReviewProblem } from './reviews-data';

/** A date-time of the API (ISO) as DD-MM-YYYY HH:mm (spec 02 §9). */
export const whenText = (iso: string) => formatDateTimeDmy(new Date(iso));

const yesNo = (value: boolean, t: Translate) => t(value ? 'creator-reviews.yes' : 'creator-reviews.no');

/**
 * A problem's review (spec 02 §4 "Review"): for its author the send-to-review switches and the
 * supervisor's verdict, read only ('Problem Ready' once ready, 'Video Ready' once the video was
 * reviewed, corrected text and math as yes or no, the feedback); for a supervisor the verdict's
 * fields to change and save. `onSent` hears of a problem sent to review (it is unpublished then).
 */
export function ReviewSection({
  answer,
  headingLevel = 2,
  onSent,
  mention,
}: {
  answer: ProblemReviewAnswer;
  headingLevel?: 2 | 3;
  onSent?: () => void;
  /** A place of the problem ("Numeral 2") the supervisor points at: written into the feedback, which takes the focus. */
  mention?: Mention | null;
}) {
  const t = useT();
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  const { review } = answer;
  return (
    <section className="card reviews-section" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>{t('creator-reviews.section-title')}</Heading>
      {answer.mayRequest && <ReviewRequests answer={answer} onSent={onSent} />}
      {answer.mayReview ? (
        <SupervisorForm key={review.problemId} answer={answer} mention={mention ?? null} />
      ) : (
        <ReviewVerdictView answer={answer} />
      )}
    </section>
  );
}

/** The author's switches: 'Send Problem To Review', and 'Send Videos to review' once the problem is ready and not in review. */
function ReviewRequests({ answer, onSent }: { answer: ProblemReviewAnswer; onSent?: () => void }) {
  const t = useT();
  const id = useId();
  const { review } = answer;
  const request = useRequestReview(review.problemId);
  const [notice, setNotice] = useState<string | null>(null);
  const inReview = review.problemToReview && !review.problemReviewed;
  const videosAllowed = review.ready && !inReview;
  const send = (body: { problemToReview?: boolean; videoToReview?: boolean }) => {
    setNotice(null);
    request.mutate(body, {
      onSuccess: () => {
        setNotice(t('creator-reviews.sent'));
        if (body.problemToReview) onSent?.();
      },
    });
  };
  return (
    <fieldset className="reviews-requests" aria-busy={request.isPending || undefined}>
      <legend>{t('creator-reviews.requests-title')}</legend>
      <RequestSwitch
        id={`${id}-problem-hint`}
        checked={review.problemToReview}
        disabled={request.isPending}
        label={t('creator-reviews.send-problem')}
        hint={t('creator-reviews.send-problem-hint')}
        onChange={(checked) => send({ problemToReview: checked })}
      />
      {(videosAllowed || review.videoToReview) && (
        <RequestSwitch
          id={`${id}-video-hint`}
          checked={review.videoToReview}
          disabled={request.isPending}
          label={t('creator-reviews.send-videos')}
          hint={t('creator-reviews.send-videos-hint')}
          onChange={(checked) => send({ videoToReview: checked })}
        />
      )}
      {request.isError && <Alert tone="danger">{errorMessage(request.error, t)}</Alert>}
      <StatusNotice notice={notice} onClose={() => setNotice(null)} />
    </fieldset>
  );
}

/** The supervisor's verdict as the author reads it. */
export function ReviewVerdictView({ answer }: { answer: ProblemReviewAnswer }) {
  const t = useT();
  const { review } = answer;
  return (
    <div className="reviews-verdict">
      <h3>{t('creator-reviews.verdict-title')}</h3>
      <dl className="reviews-facts">
        {review.ready && (
          <div>
            <dt>{t('creator-reviews.problem-ready')}</dt>
            <dd>{yesNo(true, t)}</dd>
          </div>
        )}
        {review.videoReviewed && (
          <div>
            <dt>{t('creator-reviews.video-ready')}</dt>
            <dd>{yesNo(review.videoReady, t)}</dd>
          </div>
        )}
        <div>
          <dt>{t('creator-reviews.corrected-text')}</dt>
          <dd>{yesNo(review.correctedText, t)}</dd>
        </div>
        <div>
          <dt>{t('creator-reviews.corrected-math')}</dt>
          <dd>{yesNo(review.correctedMath, t)}</dd>
        </div>
        <div>
          <dt>{t('creator-reviews.problem-feedback')}</dt>
          <dd className="reviews-feedback">{review.problemFeedback || t('creator-reviews.no-feedback')}</dd>
        </div>
        <div>
          <dt>{t('creator-reviews.video-feedback')}</dt>
          <dd className="reviews-feedback">{review.videoFeedback || t('creator-reviews.no-feedback')}</dd>
        </div>
      </dl>
      {review.reviewDate && (
        <p className="modules-hint">
          {t('creator-reviews.reviewed-by', {
            name: review.supervisorName ?? t('creator-reviews.someone'),
            date: whenText(review.reviewDate),
          })}
        </p>
      )}
    </div>
  );
}

const SWITCHES = [
  ['problemReviewed', 'field.problemReviewed'],
  ['ready', 'problem-ready'],
  ['correctedText', 'corrected-text'],
  ['correctedMath', 'corrected-math'],
  ['videoReviewed', 'field.videoReviewed'],
  ['videoReady', 'video-ready'],
] as const;

type VerdictValues = Required<ReviewVerdict>;

/** The supervisor's fields of a review. */
function verdictOf({ review }: ProblemReviewAnswer): VerdictValues {
  return {
    problemReviewed: review.problemReviewed,
    ready: review.ready,
    correctedText: review.correctedText,
    correctedMath: review.correctedMath,
    videoReviewed: review.videoReviewed,
    videoReady: review.videoReady,
    problemFeedback: review.problemFeedback,
    videoFeedback: review.videoFeedback,
  };
}

/** A place the supervisor points at, and a count that makes pointing at the same place again a new mention. */
export interface Mention {
  place: string;
  seq: number;
}

/** The feedback with `place` written on a new line at its end, as the start of a remark ("Numeral 2: "). */
export function withMention(feedback: string, place: string): string {
  const line = `${place}: `;
  const joined = feedback.trim() === '' ? line : `${feedback.replace(/\s+$/, '')}\n${line}`;
  return joined.slice(0, REVIEW_FEEDBACK_MAX);
}

/** The supervisor's fields: the six switches and the two feedback texts, saved together. */
function SupervisorForm({ answer, mention }: { answer: ProblemReviewAnswer; mention: Mention | null }) {
  const t = useT();
  const id = useId();
  const { review } = answer;
  const save = useReviewProblem(review.problemId);
  const initial = verdictOf(answer);
  const [values, setValues] = useState<VerdictValues>(initial);
  const [notice, setNotice] = useState<string | null>(null);
  const feedback = useRef<HTMLTextAreaElement>(null);
  const set = (patch: Partial<VerdictValues>) => {
    setNotice(null);
    setValues((v) => ({ ...v, ...patch }));
  };
  const mentioned = useRef<number | null>(null);
  useEffect(() => {
    if (!mention || mentioned.current === mention.seq) return;
    mentioned.current = mention.seq;
    setNotice(null);
    setValues((v) => ({ ...v, problemFeedback: withMention(v.problemFeedback, mention.place) }));
    const field = feedback.current;
    if (field) {
      field.focus();
      requestAnimationFrame(() => field.setSelectionRange(field.value.length, field.value.length));
    }
  }, [mention]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const changed = Object.fromEntries(
      (Object.keys(values) as (keyof VerdictValues)[])
        .filter((k) => values[k] !== initial[k])
        .map((k) => [k, values[k]]),
    ) as ReviewVerdict;
    if (Object.keys(changed).length === 0) {
      setNotice(t('creator-reviews.nothing-changed'));
      return;
    }
    save.mutate(changed, { onSuccess: (saved) => setValues(verdictOf(saved)) });
  };
  const fieldError = (field: string) =>
    save.error instanceof ApiError ? save.error.fields[field]?.join(' ') : undefined;
  return (
    <form className="reviews-form" onSubmit={onSubmit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`}>{t('creator-reviews.supervisor-title')}</h3>
      <div className="reviews-switches">
        {SWITCHES.map(([field, label]) => (
          <label key={field} className="modules-check creator-switch">
            <input
              type="checkbox"
              role="switch"
              checked={values[field]}
              onChange={(e) => set({ [field]: e.target.checked })}
            />
            {t(`creator-reviews.${label}`)}
          </label>
        ))}
      </div>
      <TextAreaField
        label={t('creator-reviews.problem-feedback')}
        hint={t('creator-reviews.feedback-hint', { max: REVIEW_FEEDBACK_MAX })}
        error={fieldError('problem_feedback')}
        ref={feedback}
        value={values.problemFeedback}
        maxLength={REVIEW_FEEDBACK_MAX}
        rows={4}
        onChange={(e) => set({ problemFeedback: e.target.value })}
      />
      <TextAreaField
        label={t('creator-reviews.video-feedback')}
        hint={t('creator-reviews.feedback-hint', { max: REVIEW_FEEDBACK_MAX })}
        error={fieldError('video_feedback')}
        value={values.videoFeedback}
        maxLength={REVIEW_FEEDBACK_MAX}
        rows={4}
        onChange={(e) => set({ videoFeedback: e.target.value })}
      />
      {save.isError && <Alert tone="danger">{errorMessage(save.error, t)}</Alert>}
      <div className="reviews-form-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending && <Spinner label={t('creator-reviews.saving')} />}
          {t('creator-reviews.save')}
        </button>
      </div>
      <StatusNotice
        notice={notice ?? (save.isSuccess ? t('creator-reviews.saved') : null)}
        onClose={() => {
          setNotice(null);
          save.reset();
        }}
      />
      {review.reviewDate && (
        <p className="modules-hint">
          {t('creator-reviews.reviewed-by', {
            name: review.supervisorName ?? t('creator-reviews.someone'),
            date: whenText(review.reviewDate),
          })}
        </p>
      )}
    </form>
  );
}

/** A value of the history as text: yes or no for a switch, the text itself for feedback. */
function valueText(value: string | null, t: Translate): string {
  if (value === 'true') return yesNo(true, t);
  if (value === 'false') return yesNo(false, t);
  return value ?? '';
}

/** A review's history: every change, who made it and when, oldest first. */
export function ReviewHistory({
  answer,
  headingLevel = 2,
}: {
  answer: ProblemReviewAnswer;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const id = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="reviews-history" aria-labelledby={`${id}-title`}>
      <Heading id={`${id}-title`}>{t('creator-reviews.history-title')}</Heading>
      {answer.history.length === 0 ? (
        <p>{t('creator-reviews.history-empty')}</p>
      ) : (
        <div className="modules-table-wrap" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
          <table className="modules-table reviews-table">
            <caption id={`${id}-caption`} className="visually-hidden">
              {t('creator-reviews.history-caption')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('creator-reviews.col-when')}</th>
                <th scope="col">{t('creator-reviews.col-who')}</th>
                <th scope="col">{t('creator-reviews.col-field')}</th>
                <th scope="col">{t('creator-reviews.col-old')}</th>
                <th scope="col">{t('creator-reviews.col-new')}</th>
              </tr>
            </thead>
            <tbody>
              {answer.history.map((entry) => (
                <tr key={entry.id}>
                  <td data-label={t('creator-reviews.col-when')}>{whenText(entry.changedAt)}</td>
                  <td data-label={t('creator-reviews.col-who')}>
                    {entry.userName ?? t('creator-reviews.someone')}
                  </td>
                  <th scope="row">{t(`creator-reviews.field.${entry.field}`)}</th>
                  <td data-label={t('creator-reviews.col-old')} className="reviews-feedback">
                    {valueText(entry.oldValue, t)}
                  </td>
                  <td data-label={t('creator-reviews.col-new')} className="reviews-feedback">
                    {valueText(entry.newValue, t)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** One of the author's requests: a switch, and the hint under it (`id`) that describes it. */
function RequestSwitch({
  id,
  checked,
  disabled,
  label,
  hint,
  onChange,
}: {
  id: string;
  checked: boolean;
  disabled: boolean;
  label: string;
  hint: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <>
      <label className="modules-check creator-switch">
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          disabled={disabled}
          aria-describedby={id}
          onChange={(e) => onChange(e.target.checked)}
        />
        {label}
      </label>
      <p id={id} className="modules-hint">
        {hint}
      </p>
    </>
  );
}
