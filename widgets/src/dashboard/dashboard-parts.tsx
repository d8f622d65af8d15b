import { useId, type MouseEvent, type ReactNode } from 'react';
import type { SortState } from '../activity-results/activity-results.logic';
import type { Translate } from '../shared/i18n';
import type { DashboardState } from './dashboard-data';
import {
  clampPercent,
  dateTimeText,
  deadlinePassed,
  isPlainClick,
  type HeadingLevel,
  type ProgressStatus,
} from './dashboard.logic';

/** The mark of each status, beside its word (never colour alone). */
export const STATUS_ICON: Record<ProgressStatus, string> = {
  completed: '✓',
  attempted: '◐',
  'not-attempted': '○',
};

/** A percent as a small meter and its number; the meter is decoration, the number is read. */
export function PercentMeter({ t, value }: { t: Translate; value: number }) {
  const percent = clampPercent(value);
  return (
    <span className="kib-db-percent">
      <span className="kib-db-meter" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </span>
      {t('common.dashboard.percent', { value: percent })}
    </span>
  );
}

/** A status word with its mark; `className` is added to its own. */
export function StatusMark({
  t,
  status,
  className,
}: {
  t: Translate;
  status: ProgressStatus;
  className?: string;
}) {
  const own = `kib-db-status kib-db-status--${status}`;
  return (
    <span className={className ? `${own} ${className}` : own}>
      <span aria-hidden="true">{STATUS_ICON[status]}</span> {t(`common.dashboard.${status}`)}
    </span>
  );
}

/** A date-time as `DD-MM-YYYY HH:mm` in a `<time>`, or `empty` (default "none") when absent. */
export function DateTime({ t, value, empty }: { t: Translate; value: string | null; empty?: string }) {
  const text = dateTimeText(value);
  if (!text || !value) return <span className="kib-db-muted">{empty ?? t('common.dashboard.none')}</span>;
  return <time dateTime={value}>{text}</time>;
}

/** A deadline as `DD-MM-YYYY HH:mm` (or "no deadline"), marked once it has passed at `now`. */
export function Deadline({ t, deadline, now }: { t: Translate; deadline: string | null; now: Date }) {
  return (
    <span className="kib-db-deadline">
      <DateTime t={t} value={deadline} empty={t('common.dashboard.no-deadline')} />
      {deadlinePassed(deadline, now) && (
        <span className="kib-db-tag kib-db-tag--passed">{t('common.dashboard.deadline-passed')}</span>
      )}
    </span>
  );
}

/** A table inside a labelled, focusable region that scrolls sideways on narrow screens. */
export function ScrollTable({
  caption,
  children,
  className,
}: {
  caption: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const captionId = useId();
  return (
    <div className="kib-db-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={className ? `kib-db-table ${className}` : 'kib-db-table'}>
        <caption id={captionId}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** A heading of the given level (`h1`–`h6`), for widgets whose place in the page's outline varies. */
export function Heading({
  level,
  id,
  className,
  children,
}: {
  level: HeadingLevel;
  id?: string;
  className?: string;
  children: ReactNode;
}) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}

/** Props of {@link RowLink}. */
export interface RowLinkProps {
  /** The address of the row's page; with it the name is a real link. */
  href?: string;
  /** Opens the row's page in the host (a plain click on the link, or the button). */
  onSelect?: () => void;
  /** The accessible name, when it should say more than the visible text. */
  label?: string;
  children: ReactNode;
}

/**
 * The name of a row that opens its own page. With `href` it is a link: a plain click calls
 * `onSelect` (when given) instead of loading the address, so a host's router navigates, while
 * Ctrl/⌘/Shift/middle clicks still open a new tab or window. With `onSelect` alone it is a button;
 * with neither it is text.
 */
export function RowLink({ href, onSelect, label, children }: RowLinkProps) {
  if (href !== undefined) {
    const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
      if (!onSelect || !isPlainClick(event)) return;
      event.preventDefault();
      onSelect();
    };
    return (
      <a className="kib-db-link" href={href} aria-label={label} onClick={onClick}>
        {children}
      </a>
    );
  }
  if (onSelect)
    return (
      <button type="button" className="kib-db-link" aria-label={label} onClick={onSelect}>
        {children}
      </button>
    );
  return <>{children}</>;
}

/** Props of {@link SortHeader}. */
export interface SortHeaderProps<Key extends string> {
  column: Key;
  label: string;
  sort: SortState<Key>;
  onSort: (key: Key) => void;
  numeric?: boolean;
}

/** A column header that sorts its table on click (toggling asc/desc) and says how with aria-sort. */
export function SortHeader<Key extends string>({
  column,
  label,
  sort,
  onSort,
  numeric,
}: SortHeaderProps<Key>) {
  const active = sort.key === column;
  const icon = active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕';
  return (
    <th
      scope="col"
      aria-sort={active ? sort.direction : undefined}
      className={numeric ? 'kib-db-num' : undefined}
    >
      <button type="button" className="kib-db-sort" onClick={() => onSort(column)}>
        {label}
        <span
          aria-hidden="true"
          className={active ? 'kib-db-sort-icon kib-db-sort-icon--active' : 'kib-db-sort-icon'}
        >
          {icon}
        </span>
      </button>
    </th>
  );
}

/** Props of {@link LoadStatus}. */
export interface LoadStatusProps {
  t: Translate;
  state: Exclude<DashboardState<unknown>, { status: 'ready' }>;
  /** The key of "loading the classroom…" in the widget's words. */
  loading: string;
  /** The key of "nothing to show yet". */
  empty: string;
  /** The key of "the data given are not valid". */
  invalid: string;
  retry: () => void;
}

/** What a dashboard shows until its data is ready: loading, nothing, invalid data, or a failure with "try again". */
export function LoadStatus({ t, state, loading, empty, invalid, retry }: LoadStatusProps) {
  switch (state.status) {
    case 'empty':
      return <p role="status">{t(empty)}</p>;
    case 'loading':
      return (
        <p role="status" className="kib-db-loading">
          <span className="kib-db-spinner" aria-hidden="true" />
          {t(loading)}
        </p>
      );
    case 'invalid':
      return (
        <p role="alert" className="kib-db-error">
          {t(invalid)}
        </p>
      );
    case 'error':
      return (
        <div className="kib-db-error kib-db-error--load">
          <p role="alert">{t(state.failure.message)}</p>
          {state.failure.retryable && (
            <button type="button" className="kib-button" onClick={retry}>
              {t('common.dashboard.retry')}
            </button>
          )}
        </div>
      );
  }
}
