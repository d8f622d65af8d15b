import type { AssignmentResults } from '@kib/core';
import { ActivityResults } from '@kib/widgets';
import { useParams } from 'react-router';
import { useLanguage, useT } from '../../../i18n/language';
import { TeacherLoading } from '../teacher-ui';
import { assignmentsPath, idParam, useAssignmentResults } from './classroom-data';
import { ClassroomFailure, dateTime, SectionNotFound, useClassroom } from './classroom-ui';

/**
 * /teacher/classroom/{id}/assignments/{moduleId} (spec 03 §2, "Teacher activity results view"): one
 * assignment of the classroom in the widgets' results dashboard, with its Students and Problems tabs
 * and its Excel download, and its publication date and deadline. Students leave a classroom's
 * assignment through the classroom, so the dashboard offers no removal here.
 */
export function AssignmentPage() {
  const { classroom } = useClassroom();
  const moduleId = idParam(useParams().moduleId);
  if (moduleId === null) return <AssignmentNotFound classroomId={classroom.id} />;
  return <LoadedAssignment key={moduleId} classroomId={classroom.id} moduleId={moduleId} />;
}

function LoadedAssignment({ classroomId, moduleId }: { classroomId: number; moduleId: number }) {
  const { language } = useLanguage();
  const results = useAssignmentResults(classroomId, moduleId);
  if (results.data)
    return (
      <>
        <AssignmentDates assignment={results.data.assignment} />
        <ActivityResults data={results.data} lang={language} />
      </>
    );
  if (results.isError)
    return (
      <ClassroomFailure
        error={results.error}
        retrying={results.isFetching}
        onRetry={() => void results.refetch()}
        notFound={<AssignmentNotFound classroomId={classroomId} />}
      />
    );
  return <TeacherLoading />;
}

/** When the assignment opens to the classroom's students and when it closes. */
function AssignmentDates({ assignment }: { assignment: AssignmentResults['assignment'] }) {
  const t = useT();
  return (
    <dl className="teacher-facts classroom-dates">
      <div>
        <dt>{t('teacher-classroom.publish')}</dt>
        <dd>
          {assignment.publishDate ? dateTime(assignment.publishDate) : t('teacher-classroom.publish-now')}
        </dd>
      </div>
      <div>
        <dt>{t('teacher-classroom.deadline')}</dt>
        <dd>{assignment.deadline ? dateTime(assignment.deadline) : t('teacher-classroom.no-deadline')}</dd>
      </div>
    </dl>
  );
}

function AssignmentNotFound({ classroomId }: { classroomId: number }) {
  const t = useT();
  return (
    <SectionNotFound
      title={t('teacher-classroom.assignment-not-found-title')}
      text={t('teacher-classroom.assignment-not-found-text')}
      back={assignmentsPath(classroomId)}
      backLabel={t('teacher-classroom.back-to-assignments')}
    />
  );
}
