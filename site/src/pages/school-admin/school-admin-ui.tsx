import { formatDateDmy, formatDateTimeDmy } from '@kib/core';
import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { Link, Navigate } from 'react-router';
import { useT, type Translate } from '../../i18n/language';
import { FocusableNotice } from '../../ui/alert';
import { QueryWait, type WaitedQuery } from '../../ui/query-wait';
import { useDocumentTitle } from '../../ui/use-document-title';
import { NoAccess } from '../platform-admin/platform-admin-layout';
import { SchoolAdminNoAccess } from './school-admin-layout';
import {
  isForbidden,
  isNotFound,
  isSubscribed,
  useSchoolAdminData,
  useSchoolScope,
  type SchoolScope,
  type SubscribedSchool,
} from './school-admin-data';
import './school-admin.css';

/** A date of the API (ISO) as a day, DD-MM-YYYY (spec 03 §9), in the reader's time zone. */
export const dayText = (iso: string) => formatDateDmy(new Date(iso));
/** A date-time of the API (ISO) as DD-MM-YYYY HH:mm (spec 03 §9). */
export const dateTimeText = (iso: string) => formatDateTimeDmy(new Date(iso));

/** A person's name as the pages write it ("Laura Martínez"). */
export const personName = (person: { firstName: string; lastName: string }, t: Translate) =>
  t('school-admin.person-name', { firstName: person.firstName, lastName: person.lastName }).trim();

/**
 * A page of a school's dashboard: its heading (also the document's title), the school it is about
 * under it when the heading does not name it, then the page.
 */
export function SchoolPageFrame({
  title,
  school,
  children,
}: {
  title: string;
  school?: string;
  children: ReactNode;
}) {
  useDocumentTitle(school ? `${title} · ${school}` : title);
  return (
    <div className="school-admin-page">
      <h1>{title}</h1>
      {school && <p className="school-admin-school">{school}</p>}
      {children}
    </div>
  );
}

/** The texts of the school's data on its way, or of its failure. */
function useWaitTexts() {
  const t = useT();
  return {
    loading: t('school-admin.loading'),
    failed: t('school-admin.load-failed'),
    retry: t('school-admin.retry'),
  };
}

/** A query of the school's page whose data is not here yet: on its way, or why it failed and a retry. */
export function SchoolQueryWait({ query }: { query: WaitedQuery }) {
  return <QueryWait query={query} texts={useWaitTexts()} />;
}

/**
 * A page whose school data is not here: the area's refusal for a reader the server refuses, the
 * school not found (a platform admin's wrong address), or the page's heading with the wait.
 */
export function SchoolPageWait({
  title,
  query,
  scope,
}: {
  title: string;
  query: WaitedQuery;
  scope: SchoolScope;
}) {
  if (isForbidden(query.error))
    return scope.area === 'platform-admin' ? <NoAccess /> : <SchoolAdminNoAccess />;
  if (isNotFound(query.error)) return <SchoolNotFound />;
  return (
    <SchoolPageFrame title={title}>
      <SchoolQueryWait query={query} />
    </SchoolPageFrame>
  );
}

/** The school of a platform admin's address does not exist: said, with the way back to the schools. */
export function SchoolNotFound() {
  const t = useT();
  return (
    <SchoolPageFrame title={t('school-admin.not-found-title')}>
      <p className="school-admin-lead">{t('school-admin.not-found-text')}</p>
      <p>
        <Link to="/platformAdmin/schools">{t('school-admin.back-to-schools')}</Link>
      </p>
    </SchoolPageFrame>
  );
}

/**
 * A page of the dashboard below its home (teachers, classrooms, codes): it waits for the school's
 * data, sends a school that has no plan yet to the home (where it registers or redeems its code),
 * and shows `children` with the school.
 */
export function SchoolSectionPage({
  title,
  children,
}: {
  title: string;
  children: (school: SubscribedSchool, scope: SchoolScope) => ReactNode;
}) {
  const scope = useSchoolScope();
  const data = useSchoolAdminData(scope);
  const school = data.data;
  if (!school) return <SchoolPageWait title={title} query={data} scope={scope} />;
  if (!isSubscribed(school)) return <Navigate to={scope.base} replace />;
  return children(school, scope);
}

/**
 * What a page says just happened (registered, removed, assigned): `notice` to show, `show` to say
 * something new (the box then takes the focus, so it is read and the reader goes on from there),
 * and the props of its {@link NoticeRegion}.
 */
export function useNotice() {
  const [notice, setNotice] = useState<ReactNode>(null);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (notice) ref.current?.focus();
  }, [notice]);
  return {
    show: setNotice,
    region: { notice, onClose: () => setNotice(null), ref },
  };
}

/** A page's notice: what {@link useNotice} answers. */
export type Notice = ReturnType<typeof useNotice>;
/** The props of a page's {@link NoticeRegion}. */
export type NoticeProps = Notice['region'];

/**
 * Where a page says what just happened: a polite live region that is always there, in a box that
 * takes the focus when a new notice arrives.
 */
export function NoticeRegion(props: { notice: ReactNode; onClose: () => void; ref?: Ref<HTMLDivElement> }) {
  return <FocusableNotice {...props} className="school-admin-notice" />;
}

/**
 * A table that scrolls sideways inside its own box on a narrow screen (the page never does). The
 * box is focusable and named by the table's caption, so keyboard users can scroll it too.
 */
export function SchoolTable({
  caption,
  className,
  children,
}: {
  caption: string;
  className?: string;
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <div className="school-admin-table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={className ? `school-admin-table ${className}` : 'school-admin-table'}>
        <caption id={captionId}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/**
 * A row's action button: its visible text, and the row it acts on for screen readers ("Remove"
 * becomes "Remove Laura Martínez" when read out of the table).
 */
export function RowButton({
  label,
  row,
  onClick,
  danger = false,
}: {
  label: string;
  row: string;
  onClick: () => void;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      className={
        danger
          ? 'button button-secondary school-admin-row-button school-admin-danger'
          : 'button button-secondary school-admin-row-button'
      }
      onClick={onClick}
    >
      {label}
      <span className="visually-hidden"> {row}</span>
    </button>
  );
}
