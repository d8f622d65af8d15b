import { MathText } from '@kib/widgets';
import { Link, useParams } from 'react-router';
import { useT } from '../../i18n/language';
import { useDocumentTitle } from '../../ui/use-document-title';
import { ProgressPie } from './progress-pie';
import { findClassroom, modulesOfClassroom, pieCounts, useStudentClassrooms } from './student-data';
import { Breadcrumb, DeadlineStatus, DeadlineText, moduleHref, StudentDataGate, useNow } from './student-ui';

/**
 * /student/classroom/{id}: the modules published in one classroom, each with its deadline and status
 * (a passed deadline explains itself in a tooltip), and a pie of the student's progress over all of them.
 */
export function ClassroomPage() {
  const t = useT();
  const now = useNow();
  const id = Number(useParams().classroomId);
  const { data } = useStudentClassrooms();
  const found = data && Number.isInteger(id) ? findClassroom(data, id, now) : null;
  useDocumentTitle(
    found ? found.name : data ? t('student.classrooms-not-found-title') : t('student.classrooms-title'),
  );
  return (
    <div className="student-page">
      <StudentDataGate>
        {(data) => {
          const classroom = Number.isInteger(id) ? findClassroom(data, id, now) : null;
          if (!classroom) return <ClassroomNotFound />;
          const modules = modulesOfClassroom(data, classroom.id, now);
          const pie = pieCounts(
            data,
            modules.map((m) => m.id),
          );
          return (
            <>
              <Breadcrumb
                items={[
                  { label: t('student.classrooms-title'), to: '/student/classrooms' },
                  { label: classroom.name },
                ]}
              />
              <h1>{classroom.name}</h1>
              {classroom.description && <p className="student-lead">{classroom.description}</p>}
              {classroom.teacherName && (
                <p className="student-meta">
                  {t('student.classrooms-teacher', { name: classroom.teacherName })}
                </p>
              )}
              <h2>{t('student.classrooms-modules-title')}</h2>
              {modules.length === 0 ? (
                <p className="student-empty">{t('student.classrooms-no-modules')}</p>
              ) : (
                <ul className="student-cards">
                  {modules.map((module) => (
                    <li key={module.id}>
                      <article className="card student-card">
                        <h3>
                          <Link to={moduleHref(module.id, classroom.id)}>{module.name}</Link>
                        </h3>
                        {module.description && (
                          <MathText text={module.description} className="student-description" />
                        )}
                        <p className="student-meta">
                          <DeadlineText deadline={module.deadline} />
                        </p>
                        <p className="student-meta">
                          {t('student.module-progress', {
                            completed: module.completed,
                            total: module.numerals,
                            percent: module.percent,
                          })}
                        </p>
                        <div className="student-card-footer">
                          <DeadlineStatus active={module.active} />
                        </div>
                      </article>
                    </li>
                  ))}
                </ul>
              )}
              <h2>{t('student.classrooms-progress-title')}</h2>
              <ProgressPie
                title={t('student.classrooms-progress-caption', { name: classroom.name })}
                counts={{ solved: pie.completed, attempted: pie.attempted, notAttempted: pie.notAttempted }}
              />
            </>
          );
        }}
      </StudentDataGate>
    </div>
  );
}

function ClassroomNotFound() {
  const t = useT();
  return (
    <>
      <h1>{t('student.classrooms-not-found-title')}</h1>
      <p>{t('student.classrooms-not-found')}</p>
      <p>
        <Link to="/student/classrooms">{t('student.classrooms-back')}</Link>
      </p>
    </>
  );
}
