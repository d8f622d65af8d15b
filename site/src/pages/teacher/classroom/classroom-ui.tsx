import { formatDateTimeDmy, type ClassroomOverview } from '@kib/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, useOutletContext } from 'react-router';
import { useUser } from '../../../auth/auth';
import type { Translate } from '../../../i18n/language';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { isForbidden, TEACHER_SCHOOL, teacherDataKey } from '../teacher-data';
import { TeacherNoAccess } from '../teacher-layout';
import { TeacherLoadFailed } from '../teacher-ui';
import { isNotFound, needsSubscription } from './classroom-data';

/** The classroom whose landing holds the page: its overview, handed down by the landing's outlet. */
export function useClassroom(): ClassroomOverview {
  return useOutletContext<ClassroomOverview>();
}

/** A student's name as the pages write it ("Ana Gómez"); empty when both names are. */
export const studentName = (student: { firstName: string; lastName: string }, t: Translate) =>
  t('teacher-classroom.student-name', { firstName: student.firstName, lastName: student.lastName }).trim();

/** An API date-time as the teacher pages show it: DD-MM-YYYY HH:mm (spec 03 §9), in the reader's time zone. */
export const dateTime = (iso: string) => formatDateTimeDmy(new Date(iso));

/**
 * Sends the teacher to the school page when their school's plan is no longer valid (spec 03 §4),
 * reading the teacher's data again so the area's menu follows.
 */
function ToSchool() {
  const user = useUser();
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: teacherDataKey(user?.id ?? null) });
  }, [queryClient, user?.id]);
  return <Navigate to={TEACHER_SCHOOL} replace />;
}

/**
 * What a failed read of a classroom's data shows: the school page when the plan is not valid, the
 * area's refusal for a reader who is not a teacher, `notFound` when the server does not know it (or it
 * is another teacher's), else why it failed with a button that asks again.
 */
export function ClassroomFailure({
  error,
  retrying,
  onRetry,
  notFound,
  title,
}: {
  error: unknown;
  retrying: boolean;
  onRetry: () => void;
  notFound: ReactNode;
  /** The page's heading (and document title) above a failure that is the whole page. */
  title?: string;
}) {
  if (needsSubscription(error)) return <ToSchool />;
  if (isForbidden(error)) return <TeacherNoAccess />;
  if (isNotFound(error)) return notFound;
  const failed = <TeacherLoadFailed error={error} retrying={retrying} onRetry={onRetry} />;
  if (!title) return failed;
  return (
    <div className="teacher-page">
      <DocumentTitle title={title} />
      <h1>{title}</h1>
      {failed}
    </div>
  );
}

/** Names the document while it is on screen (a page whose title depends on what loaded). */
export function DocumentTitle({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

/** A page of the classroom that is not there (an assignment or a student): why, and the way back to its list. */
export function SectionNotFound({
  title,
  text,
  back,
  backLabel,
}: {
  title: string;
  text: string;
  back: string;
  backLabel: string;
}) {
  return (
    <section className="classroom-not-found">
      <h2>{title}</h2>
      <p className="teacher-lead">{text}</p>
      <p>
        <Link to={back}>{backLabel}</Link>
      </p>
    </section>
  );
}
