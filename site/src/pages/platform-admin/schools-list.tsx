import { formatDateDmy, type SchoolCode, type SchoolCodeStatus } from '@kib/core';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useLanguage, useT } from '../../i18n/language';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { CopyButton } from '../../ui/copy-button';
import { FailureAlert } from '../../ui/form-submit';
import { Spinner } from '../../ui/spinner';
import { schoolViewPath } from '../school-admin/school-admin-data';
import { LmsTable, RowButton } from './lms-ui';
import { useRevokeSchoolCode, type SchoolCodeSearch } from './schools-data';

/** How long the search waits after the last key before it is sent, in ms. */
const SEARCH_DELAY_MS = 300;

/** A date of the API (ISO) as a day, DD-MM-YYYY (spec 03 §9): a code and a plan end with their day. */
const dayText = (iso: string) => formatDateDmy(new Date(iso));

/** A day in a table cell, never broken at its dashes. */
const Day = ({ iso }: { iso: string }) => <span className="schools-day">{dayText(iso)}</span>;

/**
 * The search box of the school codes: the search is sent a moment after the last key, or at once
 * with Enter or the button.
 */
export function SchoolCodeSearchBox({ onSearch }: { onSearch: (search: string) => void }) {
  const t = useT();
  const id = useId();
  const [typed, setTyped] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => onSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, onSearch]);
  return (
    <form
      role="search"
      className="schools-search"
      aria-label={t('platform-admin.schools-search-label')}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(typed.trim());
      }}
    >
      <div className="field">
        <label htmlFor={id}>{t('platform-admin.schools-search')}</label>
        <div className="schools-search-row">
          <input
            id={id}
            type="search"
            maxLength={200}
            autoComplete="off"
            aria-describedby={`${id}-hint`}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <button type="submit" className="button button-secondary">
            {t('platform-admin.schools-search-submit')}
          </button>
        </div>
        <div id={`${id}-hint`} className="field-hint">
          {t('platform-admin.schools-search-hint')}
        </div>
      </div>
    </form>
  );
}

/** A code's state in words (never by colour alone), with the day it was revoked. */
function StatusBadge({ code }: { code: SchoolCode }) {
  const t = useT();
  return (
    <>
      <span className={`lms-state schools-status schools-status-${code.status}`}>
        {t(STATUS_KEYS[code.status])}
      </span>
      {code.revokedAt && (
        <p className="lms-note">
          {t('platform-admin.schools-revoked-on', { date: dayText(code.revokedAt) })}
        </p>
      )}
    </>
  );
}

const STATUS_KEYS: Record<SchoolCodeStatus, string> = {
  unused: 'platform-admin.schools-status-unused',
  'code-expired': 'platform-admin.schools-status-code-expired',
  active: 'platform-admin.schools-status-active',
  'plan-ended': 'platform-admin.schools-status-plan-ended',
  revoked: 'platform-admin.schools-status-revoked',
};

/**
 * The use of a redeemed code: its school (a link to the platform admin's view of it), its teachers,
 * and its students against the plan's number with a meter, said in words when the school is over
 * it. A dash when no school redeemed it.
 */
function UseCell({ code }: { code: SchoolCode }) {
  const t = useT();
  const { language } = useLanguage();
  const labelId = useId();
  const school = code.institution;
  if (!school)
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{t('platform-admin.schools-use-none')}</span>
      </>
    );
  const number = new Intl.NumberFormat(language);
  const plan = code.numberOfStudents;
  const over = school.students > plan;
  const students = t('platform-admin.schools-use-students', {
    students: number.format(school.students),
    max: number.format(plan),
  });
  return (
    <div className={over ? 'schools-use schools-use-over' : 'schools-use'}>
      <Link className="schools-use-name" to={schoolViewPath(school.id)}>
        {school.name}
      </Link>
      <span>
        {t('platform-admin.schools-use-teachers', {
          count: school.teachers,
          teachers: number.format(school.teachers),
        })}
      </span>
      <span id={labelId}>{students}</span>
      <div
        role="meter"
        className="schools-meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={plan}
        aria-valuenow={Math.min(school.students, plan)}
        aria-valuetext={students}
      >
        <div
          className="schools-meter-bar"
          style={{ width: `${Math.min(100, (school.students / plan) * 100)}%` }}
        />
      </div>
      {over && (
        <span className="schools-over">
          <span aria-hidden="true">⚠ </span>
          {t('platform-admin.schools-over-plan', { count: school.students - plan })}
        </span>
      )}
    </div>
  );
}

/**
 * The school codes as a table: code (with copy), what it was made for, the plan's students and
 * dates, its state, its school's use and Revoke (asked first; not for a revoked code). The table
 * scrolls in its own box on a narrow screen. `found` is the answer of the current search: with no
 * code, the page says there are none yet, or that none matches the search.
 */
export function SchoolCodesTable({
  found,
  onNotice,
}: {
  found: SchoolCodeSearch;
  onNotice: (text: string) => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  const revoke = useRevokeSchoolCode();
  const [target, setTarget] = useState<SchoolCode | null>(null);
  const number = new Intl.NumberFormat(language);

  if (found.codes.length === 0)
    return (
      <p className="lms-empty">
        {found.search
          ? t('platform-admin.schools-no-match', { search: found.search })
          : t('platform-admin.schools-empty')}
      </p>
    );

  const confirm = () => {
    if (!target) return;
    revoke.mutate(target, {
      onSuccess: (revoked) => {
        setTarget(null);
        onNotice(t('platform-admin.schools-revoked', { code: revoked.code }));
      },
    });
  };

  return (
    <>
      <LmsTable
        caption={t('platform-admin.schools-caption')}
        rows={found.codes}
        rowKey={(code) => code.id}
        columns={[
          {
            header: t('platform-admin.schools-code'),
            cell: (code) => (
              <span className="schools-code-cell">
                <span>{code.code}</span>
                <CopyButton text={code.code}>
                  {t('site.copy')}
                  <span className="visually-hidden"> {code.code}</span>
                </CopyButton>
              </span>
            ),
            code: true,
          },
          {
            header: t('platform-admin.schools-made-for'),
            cell: (code) => <span className="schools-name">{code.institutionName}</span>,
          },
          {
            header: t('platform-admin.schools-plan-students'),
            cell: (code) => number.format(code.numberOfStudents),
          },
          {
            header: t('platform-admin.schools-code-until'),
            cell: (code) => <Day iso={code.codeValidUntil} />,
          },
          {
            header: t('platform-admin.schools-plan-until'),
            cell: (code) => <Day iso={code.planValidUntil} />,
          },
          { header: t('platform-admin.state'), cell: (code) => <StatusBadge code={code} /> },
          { header: t('platform-admin.schools-use'), cell: (code) => <UseCell code={code} /> },
          {
            header: t('platform-admin.actions'),
            cell: (code) =>
              code.status !== 'revoked' && (
                <RowButton
                  label={t('platform-admin.schools-revoke')}
                  row={code.code}
                  onClick={() => {
                    revoke.reset();
                    setTarget(code);
                  }}
                />
              ),
          },
        ]}
      />
      <ConfirmDialog
        open={target !== null}
        title={t('platform-admin.schools-revoke-title', { code: target?.code ?? '' })}
        confirmLabel={t('platform-admin.schools-revoke')}
        pendingLabel={t('platform-admin.working')}
        pending={revoke.isPending}
        onConfirm={confirm}
        onCancel={() => setTarget(null)}
      >
        <p>
          {target?.institution
            ? t('platform-admin.schools-revoke-text-redeemed', { school: target.institution.name })
            : t('platform-admin.schools-revoke-text-unused')}
        </p>
        <p>{t('platform-admin.schools-revoke-final')}</p>
        <FailureAlert error={revoke.error} />
      </ConfirmDialog>
    </>
  );
}

/** Says that a search is running, for sighted readers and screen readers alike. */
export function Searching() {
  const t = useT();
  return (
    <p className="lms-loading schools-searching">
      <Spinner label={t('platform-admin.schools-searching')} />
      <span aria-hidden="true">{t('platform-admin.schools-searching')}</span>
    </p>
  );
}
