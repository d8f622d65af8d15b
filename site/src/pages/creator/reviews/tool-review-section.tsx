import { ApiError } from '@kib/api-client';
import { Link } from 'react-router';
import { useUser } from '../../../auth/auth';
import { useT } from '../../../i18n/language';
import { QueryWait } from '../../../ui/query-wait';
import { ReviewSection } from './review-section';
import { reviewPath, takesPartInReviews, useProblemReview } from './reviews-data';

/**
 * The creation tool's review section (spec 02 §2 "Creation tool screens": review controls): the
 * author's send-to-review switches with the verdict read only, or a supervisor's fields, and a link
 * to the review's page with its history. Nothing for those outside reviews (teachers).
 */
export function ToolReviewSection({ problemId, onSent }: { problemId: number; onSent?: () => void }) {
  const t = useT();
  const user = useUser();
  const takesPart = takesPartInReviews(user);
  const review = useProblemReview(takesPart ? problemId : null);
  if (!takesPart) return null;
  if (review.error instanceof ApiError && [403, 404].includes(review.error.status)) return null;
  if (!review.data)
    return (
      <QueryWait
        query={review}
        texts={{
          loading: t('creator-reviews.loading'),
          failed: t('creator-reviews.load-failed'),
          retry: t('creator-reviews.retry'),
        }}
      />
    );
  return (
    <div className="reviews-in-tool">
      <ReviewSection answer={review.data} onSent={onSent} />
      <p>
        <Link to={reviewPath(problemId)}>{t('creator-reviews.history-title')}</Link>
      </p>
    </div>
  );
}
