import { formatDateDmy, type ProblemReview, type ReviewCreator, type ReviewState } from '@kib/core';
import { MathText } from '@kib/widgets';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useUser } from '../../../auth/auth';
import { useT, type Translate } from '../../../i18n/language';
import { QueryWait } from '../../../ui/query-wait';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { whenText } from './review-section';
import {
  defaultRange,
  isDayValue,
  isSupervisorUser,
  reviewPath,
  useCreatorsReviewList,
  useReviewsByDate,
} from './reviews-data';
import './reviews.css';

const personName = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();

/** Where a review stands, in a word. */
function stateText(review: ProblemReview, t: Translate): string {
  if (review.problemToReview && !review.problemReviewed) return t('creator-reviews.state-waiting');
  if (review.videoToReview && !review.videoReviewed) return t('creator-reviews.state-videos-waiting');
  if (review.ready) return t('creator-reviews.state-ready');
  if (review.problemReviewed || review.videoReviewed) return t('creator-reviews.state-reviewed');
  return t('creator-reviews.state-none');
}

/**
 * /creator/reviews (spec 02 §2 "Creators review list", §4 "Review"). A supervisor sees the creators
 * with how many of their problems wait for review, were reviewed and are ready, picks one, and sees
 * that creator's current or passed reviews in a window of days; a creator sees their own. The
 * address keeps the choice (`?creator=&state=&start=&end=`), so a reload or a link shows the same.
 */
export function ReviewsPage() {
  const t = useT();
  const user = useUser();
  const supervisor = isSupervisorUser(user);
  const [search, setSearch] = useSearchParams();
  useDocumentTitle(t('creator-reviews.title'));
  const creators = useCreatorsReviewList(supervisor);
  const picked = Number(search.get('creator'));
  const creatorId = supervisor
    ? Number.isInteger(picked) && picked > 0
      ? picked
      : null
    : (user?.id ?? null);
  const chosen = creators.data?.authors.find((a) => a.id === creatorId);

  const update = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setSearch(next);
  };

  return (
    <div className="teacher-page creator-page reviews-page">
      <h1>{t('creator-reviews.title')}</h1>
      <p className="teacher-lead">
        {t(supervisor ? 'creator-reviews.lead-supervisor' : 'creator-reviews.lead-creator')}
      </p>
      {supervisor &&
        (creators.data ? (
          <CreatorsTable
            creators={creators.data.authors}
            selected={creatorId}
            onPick={(id) => update({ creator: String(id) })}
          />
        ) : (
          <QueryWait
            query={creators}
            texts={{
              loading: t('creator-reviews.loading'),
              failed: t('creator-reviews.load-failed'),
              retry: t('creator-reviews.retry'),
            }}
          />
        ))}
      {creatorId !== null && (
        <ReviewsList
          key={creatorId}
          creatorId={creatorId}
          title={
            supervisor
              ? t('creator-reviews.reviews-of', { name: chosen ? personName(chosen) : `#${creatorId}` })
              : t('creator-reviews.my-reviews')
          }
          search={search}
          onChange={update}
        />
      )}
    </div>
  );
}

/** The supervisor's creators with their counts; each row picks its creator. */
function CreatorsTable({
  creators,
  selected,
  onPick,
}: {
  creators: readonly ReviewCreator[];
  selected: number | null;
  onPick: (id: number) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('creator-reviews.creators-title')}</h2>
      {creators.length === 0 ? (
        <p>{t('creator-reviews.creators-empty')}</p>
      ) : (
        <div className="modules-table-wrap" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
          <table className="modules-table reviews-table">
            <caption id={`${id}-caption`} className="visually-hidden">
              {t('creator-reviews.creators-caption')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('creator-reviews.col-creator')}</th>
                <th scope="col">{t('creator-reviews.col-to-review')}</th>
                <th scope="col">{t('creator-reviews.col-reviewed')}</th>
                <th scope="col">{t('creator-reviews.col-ready')}</th>
                <th scope="col">{t('creator-reviews.col-joined')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('creator-reviews.open')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {creators.map((c) => (
                <tr key={c.id} aria-current={c.id === selected || undefined}>
                  <th scope="row">{personName(c)}</th>
                  <td data-label={t('creator-reviews.col-to-review')}>{c.toReview}</td>
                  <td data-label={t('creator-reviews.col-reviewed')}>{c.reviewed}</td>
                  <td data-label={t('creator-reviews.col-ready')}>{c.ready}</td>
                  <td data-label={t('creator-reviews.col-joined')}>
                    {formatDateDmy(new Date(c.dateJoined))}
                  </td>
                  <td className="modules-actions">
                    <button
                      type="button"
                      className={`button ${c.id === selected ? 'button-primary' : 'button-secondary'}`}
                      aria-pressed={c.id === selected}
                      onClick={() => onPick(c.id)}
                    >
                      <span aria-hidden="true">{t('creator-reviews.open')}</span>
                      <span className="visually-hidden">
                        {t('creator-reviews.pick-creator', { name: personName(c) })}
                      </span>
                    </button>
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

/** One creator's current or passed reviews in a window of days, the window chosen in a small form. */
function ReviewsList({
  creatorId,
  title,
  search,
  onChange,
}: {
  creatorId: number;
  title: string;
  search: URLSearchParams;
  onChange: (patch: Record<string, string | null>) => void;
}) {
  const t = useT();
  const id = useId();
  const fallback = defaultRange();
  const state: ReviewState = search.get('state') === 'passed' ? 'passed' : 'current';
  const startParam = search.get('start');
  const endParam = search.get('end');
  const start = isDayValue(startParam) ? startParam : fallback.start;
  const end =
    isDayValue(endParam) && endParam >= start ? endParam : start > fallback.end ? start : fallback.end;
  const [draft, setDraft] = useState({ start, end });
  const [rangeError, setRangeError] = useState(false);
  // The radio shows the choice at once; the address (a transition) follows, and a change of the
  // address (back, a link) is shown in turn.
  const [shownState, setShownState] = useState(state);
  const [addressState, setAddressState] = useState(state);
  if (addressState !== state) {
    setAddressState(state);
    setShownState(state);
  }
  const reviews = useReviewsByDate({ creator: creatorId, state, start, end });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isDayValue(draft.start) || !isDayValue(draft.end) || draft.end < draft.start) {
      setRangeError(true);
      return;
    }
    setRangeError(false);
    onChange({ start: draft.start, end: draft.end });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="reviews-list">
      <h2 id={`${id}-title`}>{title}</h2>
      <form className="card reviews-filters" onSubmit={onSubmit} noValidate>
        <fieldset className="reviews-state">
          <legend>{t('creator-reviews.state-label')}</legend>
          {(['current', 'passed'] as const).map((s) => (
            <label key={s} className="modules-check">
              <input
                type="radio"
                name={`${id}-state`}
                value={s}
                checked={shownState === s}
                onChange={() => {
                  setShownState(s);
                  onChange({ state: s });
                }}
              />
              {t(`creator-reviews.state-${s}`)}
            </label>
          ))}
        </fieldset>
        <fieldset className="reviews-range">
          <legend>{t('creator-reviews.range-label')}</legend>
          <div className="field">
            <label htmlFor={`${id}-start`}>{t('creator-reviews.start')}</label>
            <input
              id={`${id}-start`}
              type="date"
              value={draft.start}
              aria-invalid={rangeError || undefined}
              aria-describedby={rangeError ? `${id}-range-error` : undefined}
              onChange={(e) => setDraft({ ...draft, start: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-end`}>{t('creator-reviews.end')}</label>
            <input
              id={`${id}-end`}
              type="date"
              value={draft.end}
              aria-invalid={rangeError || undefined}
              aria-describedby={rangeError ? `${id}-range-error` : undefined}
              onChange={(e) => setDraft({ ...draft, end: e.target.value })}
            />
          </div>
          <button type="submit" className="button button-secondary">
            {t('creator-reviews.show')}
          </button>
          {rangeError && (
            <p id={`${id}-range-error`} className="field-error" role="alert">
              {t('validation.review-range-order')}
            </p>
          )}
        </fieldset>
      </form>
      {reviews.data ? (
        <ReviewsTable problems={reviews.data.problems} state={state} busy={reviews.isFetching} />
      ) : (
        <QueryWait
          query={reviews}
          texts={{
            loading: t('creator-reviews.loading'),
            failed: t('creator-reviews.load-failed'),
            retry: t('creator-reviews.retry'),
          }}
        />
      )}
    </section>
  );
}

/** The reviews of a list, each leading to its review page. */
function ReviewsTable({
  problems,
  state,
  busy,
}: {
  problems: readonly ProblemReview[];
  state: ReviewState;
  busy: boolean;
}) {
  const t = useT();
  const id = useId();
  if (problems.length === 0) return <p role="status">{t('creator-reviews.reviews-empty')}</p>;
  return (
    <div className="modules-table-wrap" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <table className="modules-table reviews-table" aria-busy={busy || undefined}>
        <caption id={`${id}-caption`} className="visually-hidden">
          {t(`creator-reviews.reviews-caption-${state}`)}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('creator-reviews.col-problem')}</th>
            <th scope="col">{t('creator-reviews.col-sent')}</th>
            <th scope="col">{t('creator-reviews.col-review-date')}</th>
            <th scope="col">{t('creator-reviews.col-state')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('creator-reviews.open')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {problems.map((p) => {
            const sent = [p.sentAt, p.videoSentAt]
              .filter((d): d is string => d !== null)
              .sort()
              .at(-1);
            return (
              <tr key={p.problemId}>
                <th scope="row" className="modules-name">
                  <MathText text={p.title} />
                </th>
                <td data-label={t('creator-reviews.col-sent')}>{sent ? whenText(sent) : ''}</td>
                <td data-label={t('creator-reviews.col-review-date')}>
                  {p.reviewDate ? whenText(p.reviewDate) : ''}
                </td>
                <td data-label={t('creator-reviews.col-state')}>{stateText(p, t)}</td>
                <td className="modules-actions">
                  <Link className="button button-secondary" to={reviewPath(p.problemId)}>
                    <span aria-hidden="true">{t('creator-reviews.open')}</span>
                    <span className="visually-hidden">
                      {t('creator-reviews.open-review', { title: p.title })}
                    </span>
                  </Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
