import { formatDateTimeDmy } from '@kib/core';
import { MathText } from '@kib/widgets';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { useDocumentTitle } from '../../ui/use-document-title';
import { findModule, problemsOfModule, useStudentClassrooms } from './student-data';
import { Breadcrumb, DeadlineText, ProblemList, StudentDataGate, useNow } from './student-ui';

/** A positive whole number from the query string, or null. */
function idParam(value: string | null): number | null {
  const id = Number(value);
  return value && Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /student/rendermodule?module={id}&classroom={id} (spec 01 "Student module view"): the module's
 * name, description and deadline, a warning once the deadline has passed (problems can still be
 * solved but answers are no longer recorded), and its problems in numeration order with progress.
 */
export function ModulePage() {
  const t = useT();
  const now = useNow();
  const [params] = useSearchParams();
  const moduleId = idParam(params.get('module'));
  const classroomId = idParam(params.get('classroom'));
  const { data } = useStudentClassrooms();
  const found = data && moduleId && classroomId ? findModule(data, moduleId, classroomId, now) : null;
  useDocumentTitle(
    found ? found.name : data ? t('student.module-not-found-title') : t('student.area-nav-modules'),
  );
  return (
    <div className="student-page">
      <StudentDataGate>
        {(data) => {
          const module = moduleId && classroomId ? findModule(data, moduleId, classroomId, now) : null;
          if (!module)
            return (
              <>
                <h1>{t('student.module-not-found-title')}</h1>
                <p>{t('student.module-not-found')}</p>
                <p>
                  <Link to="/student/modules">{t('student.module-back')}</Link>
                </p>
              </>
            );
          const problems = problemsOfModule(data, module.id);
          return (
            <>
              <Breadcrumb
                items={[
                  { label: t('student.classrooms-title'), to: '/student/classrooms' },
                  { label: t('student.module-breadcrumb-modules'), to: '/student/modules' },
                  { label: module.name },
                ]}
              />
              <h1>{module.name}</h1>
              {module.description && (
                <p className="student-lead">
                  <MathText text={module.description} />
                </p>
              )}
              <p className="student-meta">
                {t('student.module-classroom')}{' '}
                <Link to={`/student/classroom/${module.classroomId}`}>{module.classroomName}</Link>
                {' · '}
                <DeadlineText deadline={module.deadline} />
              </p>
              {!module.active && module.deadline && (
                <Alert tone="warning">
                  {t('student.module-passed-warning', { date: formatDateTimeDmy(module.deadline) })}
                </Alert>
              )}
              <p className="student-meta">
                {t('student.module-progress', {
                  completed: module.completed,
                  total: module.numerals,
                  percent: module.percent,
                })}
              </p>
              <h2>{t('student.module-problems-title')}</h2>
              <ProblemList problems={problems} moduleId={module.id} classroomId={module.classroomId} />
            </>
          );
        }}
      </StudentDataGate>
    </div>
  );
}
