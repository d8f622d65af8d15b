import { formatDateDmy, formatDuration, type CreatorStats, type StatsBucket } from '@kib/core';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useUser } from '../../../auth/auth';
import { useLanguage, useT } from '../../../i18n/language';
import { FailureAlert } from '../../../ui/form-submit';
import { Loading, QueryWait } from '../../../ui/query-wait';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { choiceOf, useCreators, useCreatorStats, windowProblem } from './creator-stats-data';
import type { ChartRow } from './stats-chart-drawing';
import './creator-stats.css';

const StatsChartDrawing = lazy(() => import('./stats-chart-drawing'));

const UTC = { timeZone: 'UTC' };
const dmy = (day: string) => formatDateDmy(new Date(`${day}T00:00:00Z`), UTC);

type Translate = ReturnType<typeof useT>;

/** A period's label on the chart and in its table: its day, the day its week starts, or its month. */
export function periodLabel(t: Translate, language: string, bucket: StatsBucket, start: string): string {
  const date = new Date(`${start}T00:00:00Z`);
  if (bucket === 'month')
    return new Intl.DateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      date,
    );
  const day = dmy(start).slice(0, 5);
  return bucket === 'week' ? t('creator-stats.week-of', { day }) : day;
}

/**
 * /creator/creatorstats (spec 02 §2, §3 "Creator and statistics"): a creator's statistics in a
 * window of days. A supervisor picks the creator; a creator sees their own. The totals of what was
 * authored, a chart of each period with the same numbers as a table, and what students did with the
 * creator's problems. The choices live in the address (`?creator=&from=&to=`).
 */
export function CreatorStatsPage() {
  const t = useT();
  useDocumentTitle(t('creator-stats.title'));
  const [params, setParams] = useSearchParams();
  const choice = choiceOf(params);
  const creators = useCreators();
  const list = creators.data?.creators ?? [];
  // A supervisor picks the creator; a creator has only themselves.
  const supervises = Boolean(useUser()?.groups.includes('Supervisors'));
  const creatorId = choice.creatorId ?? (!supervises && list.length === 1 ? list[0]!.id : null);
  const stats = useCreatorStats(creatorId, choice.from, choice.to);
  // The window shown: the one asked for, else the one the server used (the last 90 days).
  const from = choice.from ?? stats.data?.start ?? '';
  const to = choice.to ?? stats.data?.end ?? '';

  return (
    <div className="teacher-page creator-page creator-stats-page">
      <div className="teacher-page-header">
        <h1>{t('creator-stats.title')}</h1>
      </div>
      <p className="teacher-lead">{t('creator-stats.lead')}</p>
      {!creators.data ? (
        <QueryWait
          query={creators}
          texts={{
            loading: t('creator-stats.loading'),
            failed: t('creator-stats.load-failed'),
            retry: t('creator-stats.retry'),
          }}
        />
      ) : (
        <>
          <WindowForm
            key={`${creatorId}-${from}-${to}`}
            creators={list}
            picker={supervises || list.length > 1}
            creatorId={creatorId}
            from={from}
            to={to}
            onSubmit={(next) => {
              const search = new URLSearchParams();
              if (next.creatorId !== null) search.set('creator', String(next.creatorId));
              if (next.from) search.set('from', next.from);
              if (next.to) search.set('to', next.to);
              setParams(search);
            }}
          />
          {creatorId === null ? (
            <div className="card teacher-empty">
              <p>{list.length === 0 ? t('creator-stats.no-creators') : t('creator-stats.pick-creator')}</p>
            </div>
          ) : !stats.data ? (
            <QueryWait
              query={stats}
              texts={{
                loading: t('creator-stats.loading'),
                failed: t('creator-stats.load-failed'),
                retry: t('creator-stats.retry'),
              }}
            />
          ) : (
            <>
              {stats.isError && <FailureAlert error={stats.error} />}
              <StatsView stats={stats.data} busy={stats.isFetching} />
            </>
          )}
        </>
      )}
    </div>
  );
}

/** The creator picker (for a supervisor) and the window's two dates. */
function WindowForm({
  creators,
  picker,
  creatorId,
  from: initialFrom,
  to: initialTo,
  onSubmit,
}: {
  creators: readonly { id: number; firstName: string; lastName: string }[];
  /** Show the creator picker (a supervisor, or more than one creator to choose from). */
  picker: boolean;
  creatorId: number | null;
  from: string;
  to: string;
  onSubmit: (choice: { creatorId: number | null; from: string; to: string }) => void;
}) {
  const t = useT();
  const id = useId();
  const [creator, setCreator] = useState(creatorId === null ? '' : String(creatorId));
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(initialTo);
  const [problem, setProblem] = useState<ReturnType<typeof windowProblem>>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = windowProblem(from, to);
    setProblem(found);
    if (!found) onSubmit({ creatorId: creator ? Number(creator) : null, from, to });
  };
  const errorId = `${id}-error`;
  return (
    <form
      className="card modules-filters creator-stats-form"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`} className="modules-filters-title">
        {t('creator-stats.window')}
      </h2>
      <div className="modules-filters-fields creator-stats-fields">
        {picker && (
          <div className="field">
            <label htmlFor={`${id}-creator`}>{t('creator-stats.creator')}</label>
            <select id={`${id}-creator`} value={creator} onChange={(e) => setCreator(e.target.value)}>
              <option value="">{t('creator-stats.choose-creator')}</option>
              {creators.map((c) => (
                <option key={c.id} value={c.id}>
                  {`${c.firstName} ${c.lastName}`.trim()}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor={`${id}-from`}>{t('creator-stats.from')}</label>
          <input
            id={`${id}-from`}
            type="date"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            aria-invalid={problem !== null || undefined}
            aria-describedby={problem ? errorId : undefined}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>{t('creator-stats.to')}</label>
          <input
            id={`${id}-to`}
            type="date"
            value={to}
            onChange={(e) => setTo(e.target.value)}
            aria-invalid={problem !== null || undefined}
            aria-describedby={problem ? errorId : undefined}
          />
        </div>
        <button type="submit" className="button button-primary">
          {t('creator-stats.show')}
        </button>
      </div>
      {problem && (
        <p id={errorId} className="field-error" role="alert">
          {t(problem)}
        </p>
      )}
    </form>
  );
}

/** The statistics of one creator in one window. */
function StatsView({ stats, busy }: { stats: CreatorStats; busy: boolean }) {
  const t = useT();
  const name = `${stats.creator.firstName} ${stats.creator.lastName}`.trim();
  const totals: [string, string][] = [
    [t('creator-stats.problems'), String(stats.problems)],
    [t('creator-stats.numerals'), String(stats.numerals)],
    [t('creator-stats.steps'), String(stats.steps)],
    [t('creator-stats.videos'), String(stats.videos)],
    [t('creator-stats.pictures'), String(stats.pictures)],
    [t('creator-stats.total-time'), formatDuration(stats.totalTime)],
  ];
  return (
    <section className="creator-stats-results" aria-busy={busy} aria-labelledby="creator-stats-heading">
      <h2 id="creator-stats-heading" className="modules-list-heading">
        {t('creator-stats.heading', { name, from: dmy(stats.start), to: dmy(stats.end) })}
      </h2>
      <dl className="creator-stats-totals">
        {totals.map(([label, value]) => (
          <div key={label} className="card creator-stats-total">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <PeriodChart stats={stats} />
      <Outcomes stats={stats} />
    </section>
  );
}

/** The chart of each period, titled and described, with the same numbers in a table. */
function PeriodChart({ stats }: { stats: CreatorStats }) {
  const t = useT();
  const { language } = useLanguage();
  const id = useId();
  const rows: ChartRow[] = stats.periods.map((p) => ({
    label: periodLabel(t, language, stats.bucket, p.start),
    problems: p.problems,
    numerals: p.numerals,
    steps: p.steps,
    attempts: p.attempts,
  }));
  const names = {
    problems: t('creator-stats.problems'),
    numerals: t('creator-stats.numerals'),
    steps: t('creator-stats.steps'),
    attempts: t('creator-stats.attempts'),
  };
  const attempts = stats.periods.reduce((sum, p) => sum + p.attempts, 0);
  const summary = t('creator-stats.chart-summary', {
    span: t(`creator-stats.span-${stats.bucket}`, { count: stats.periods.length }),
    problems: stats.problems,
    numerals: stats.numerals,
    steps: stats.steps,
    attempts,
  });
  return (
    <figure
      className="card creator-stats-chart"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
    >
      <figcaption>
        <h3 id={`${id}-title`}>
          {t('creator-stats.chart-title', { bucket: t(`creator-stats.bucket-${stats.bucket}`) })}
        </h3>
        <p id={`${id}-desc`}>{t('creator-stats.chart-description')}</p>
      </figcaption>
      <Suspense fallback={<Loading label={t('creator-stats.chart-loading')} />}>
        <StatsChartDrawing rows={rows} names={names} summary={summary} />
      </Suspense>
      <details className="creator-stats-data">
        <summary>{t('creator-stats.chart-table')}</summary>
        <div className="teacher-table-wrap" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
          <table className="teacher-table">
            <caption id={`${id}-caption`}>
              {t('creator-stats.chart-title', { bucket: t(`creator-stats.bucket-${stats.bucket}`) })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('creator-stats.period')}</th>
                <th scope="col">{names.problems}</th>
                <th scope="col">{names.numerals}</th>
                <th scope="col">{names.steps}</th>
                <th scope="col">{names.attempts}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={stats.periods[i]!.start}>
                  <th scope="row">{row.label}</th>
                  <td>{row.problems}</td>
                  <td>{row.numerals}</td>
                  <td>{row.steps}</td>
                  <td>{row.attempts}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}

/** What students did with the creator's problems: attempts, completion, the most-missed numerals. */
function Outcomes({ stats }: { stats: CreatorStats }) {
  const t = useT();
  const id = useId();
  const { outcomes } = stats;
  const feedback = (code: string) => {
    const key = `feedback.${code}`;
    const text = t(key);
    return text === key ? null : text;
  };
  return (
    <section className="creator-stats-outcomes" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('creator-stats.outcomes')}</h3>
      <dl className="creator-stats-totals">
        <div className="card creator-stats-total">
          <dt>{t('creator-stats.attempts')}</dt>
          <dd>{outcomes.attempts}</dd>
        </div>
        <div className="card creator-stats-total">
          <dt>{t('creator-stats.students')}</dt>
          <dd>{outcomes.students}</dd>
        </div>
        <div className="card creator-stats-total">
          <dt>{t('creator-stats.completion')}</dt>
          <dd>
            {outcomes.completionRate === null
              ? t('creator-stats.no-completion')
              : t('creator-stats.completion-value', {
                  rate: outcomes.completionRate,
                  completed: outcomes.numeralsCompleted,
                  worked: outcomes.numeralsWorked,
                })}
          </dd>
        </div>
      </dl>
      {outcomes.mostMissed.length === 0 ? (
        <p className="card teacher-empty">{t('creator-stats.none-missed')}</p>
      ) : (
        <div className="teacher-table-wrap" role="region" aria-labelledby={`${id}-missed`} tabIndex={0}>
          <table className="teacher-table creator-stats-missed">
            <caption id={`${id}-missed`}>{t('creator-stats.most-missed')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('creator-stats.problem')}</th>
                <th scope="col">{t('creator-stats.numeral')}</th>
                <th scope="col">{t('creator-stats.attempts')}</th>
                <th scope="col">{t('creator-stats.wrong')}</th>
                <th scope="col">{t('creator-stats.feedback')}</th>
              </tr>
            </thead>
            <tbody>
              {outcomes.mostMissed.map((m) => (
                <tr key={m.numeralId}>
                  <th scope="row">{m.problemTitle}</th>
                  <td>{m.numeralNumber}</td>
                  <td>{m.attempts}</td>
                  <td>{m.wrong}</td>
                  <td>
                    {m.feedbackCodes.length === 0 ? (
                      t('creator-stats.no-feedback')
                    ) : (
                      <ul className="creator-stats-codes">
                        {m.feedbackCodes.map((c) => (
                          <li key={c.code}>
                            {feedback(c.code) ?? <code>{c.code}</code>}{' '}
                            <span className="creator-stats-count">
                              {t('creator-stats.times', { count: c.count })}
                            </span>
                          </li>
                        ))}
                      </ul>
                    )}
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
