import { Alert } from './alert';
import { errorMessage } from './error-message';
import { Spinner } from './spinner';
import { useT } from '../i18n/language';

/** The texts of a wait in the reader's language: what is on its way, what failed, and the retry button. */
export interface WaitTexts {
  loading: string;
  failed: string;
  retry: string;
}

/** Data is on its way: a spinner and the same words on screen and for screen readers. */
export function Loading({ label }: { label: string }) {
  return (
    <p className="query-loading">
      <Spinner label={label} />
      <span aria-hidden="true">{label}</span>
    </p>
  );
}

/** Data could not be loaded: what, why (the server's words), and a button that asks again. */
export function LoadFailed({
  text,
  retryLabel,
  error,
  retrying,
  onRetry,
}: {
  text: string;
  retryLabel: string;
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
}) {
  const t = useT();
  return (
    <Alert tone="danger">
      <p className="query-failed-text">
        {text} {errorMessage(error, t)}
      </p>
      <button type="button" className="button button-secondary" onClick={onRetry} disabled={retrying}>
        {retryLabel}
      </button>
    </Alert>
  );
}

/** What {@link QueryWait} needs of a query (TanStack Query's result has it). */
export interface WaitedQuery {
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch: () => unknown;
}

/** A query whose data is not here yet: why it failed, with a button that asks again, or that it is on its way. */
export function QueryWait({ query, texts }: { query: WaitedQuery; texts: WaitTexts }) {
  if (!query.isError) return <Loading label={texts.loading} />;
  return (
    <LoadFailed
      text={texts.failed}
      retryLabel={texts.retry}
      error={query.error}
      retrying={query.isFetching}
      onRetry={() => void query.refetch()}
    />
  );
}
