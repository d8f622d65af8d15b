import { ApiError } from '@kib/api-client';
import { MathText } from '@kib/widgets';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useT } from '../../../i18n/language';
import { QueryWait } from '../../../ui/query-wait';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { toolPath, useCreatorProblem } from '../creator-data';
import { ProblemReadView } from './problem-read-view';
import { ReviewHistory, ReviewSection, type Mention } from './review-section';
import { CREATOR_REVIEWS, useProblemReview } from './reviews-data';
import './reviews.css';

/**
 * /creator/reviews/:problemId: a problem's review (spec 02 §4 "Review") with its history. Its author
 * reads the verdict and switches the send-to-review requests; a supervisor reads the whole problem
 * with its answers and checks, tries it, and changes the verdict, pointing the feedback at a numeral.
 */
export function ReviewPage() {
  const t = useT();
  const raw = useParams().problemId ?? '';
  const problemId = /^\d{1,10}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const review = useProblemReview(problemId);
  const problem = useCreatorProblem(review.data ? problemId : null);
  const [mention, setMention] = useState<Mention | null>(null);
  const title = review.data?.review.title;
  useDocumentTitle(title ? t('creator-reviews.review-title', { title }) : t('creator-reviews.title'));
  const back = (
    <Link className="button button-secondary" to={CREATOR_REVIEWS}>
      {t('creator-reviews.back')}
    </Link>
  );

  if (problemId === null || (review.error instanceof ApiError && [403, 404].includes(review.error.status)))
    return (
      <div className="teacher-page creator-page reviews-page">
        <h1>{t('creator-reviews.not-found-title')}</h1>
        <p className="teacher-lead">{t('creator-reviews.not-found-text')}</p>
        {back}
      </div>
    );
  if (!review.data)
    return (
      <div className="teacher-page creator-page reviews-page">
        <h1>{t('creator-reviews.title')}</h1>
        <QueryWait
          query={review}
          texts={{
            loading: t('creator-reviews.loading'),
            failed: t('creator-reviews.load-failed'),
            retry: t('creator-reviews.retry'),
          }}
        />
      </div>
    );
  const { review: r } = review.data;
  return (
    <div className="teacher-page creator-page reviews-page">
      <div className="teacher-page-header">
        <h1>
          {t('creator-reviews.review-title', { title: '' })}
          <MathText text={r.title} />
        </h1>
        {back}
      </div>
      <p className="teacher-lead">
        {t('creator-reviews.by-author', { name: r.authorName })} ·{' '}
        {t(r.published ? 'creator-reviews.published' : 'creator-reviews.not-published')} ·{' '}
        <Link to={toolPath(r.problemId)}>{t('creator-reviews.open-in-tool')}</Link>
      </p>
      {problem.data ? (
        <ProblemReadView
          answer={problem.data}
          onMention={
            review.data.mayReview
              ? (place) => setMention((m) => ({ place, seq: (m?.seq ?? 0) + 1 }))
              : undefined
          }
        />
      ) : (
        <QueryWait
          query={problem}
          texts={{
            loading: t('creator-reviews.read.loading'),
            failed: t('creator-reviews.read.load-failed'),
            retry: t('creator-reviews.retry'),
          }}
        />
      )}
      <ReviewSection answer={review.data} mention={mention} />
      <ReviewHistory answer={review.data} />
    </div>
  );
}
