import { useId } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/language';
import { assignmentPath } from './classroom-data';
import { dateTime, ProgressMeter, useClassroom } from './classroom-ui';

/**
 * /teacher/classroom/{id}/assignments, the Assignments tab (spec 03 §2): the modules assigned to the
 * classroom as a list of cards, each headed by a link to its results, with its publication date and
 * deadline (DD-MM-YYYY HH:mm), the students it is assigned to and the class's progress on it.
 */
export function AssignmentsPage() {
  const t = useT();
  const { classroom, assignments } = useClassroom();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('teacher-classroom.assignments-heading', { name: classroom.name })}</h2>
      {assignments.length === 0 ? (
        <div className="card teacher-empty">
          <p>
            <strong>{t('teacher-classroom.assignments-empty')}</strong>
          </p>
          <p>{t('teacher-classroom.assignments-empty-hint')}</p>
        </div>
      ) : (
        <ul className="classroom-list" aria-labelledby={headingId}>
          {assignments.map((assignment) => (
            <li key={assignment.moduleId} className="card classroom-item">
              <h3>
                <Link to={assignmentPath(classroom.id, assignment.moduleId)}>{assignment.name}</Link>
              </h3>
              <dl className="teacher-facts">
                <div>
                  <dt>{t('teacher-classroom.publish')}</dt>
                  <dd>
                    {assignment.publishDate
                      ? dateTime(assignment.publishDate)
                      : t('teacher-classroom.publish-now')}
                  </dd>
                </div>
                <div>
                  <dt>{t('teacher-classroom.deadline')}</dt>
                  <dd>
                    {assignment.deadline ? dateTime(assignment.deadline) : t('teacher-classroom.no-deadline')}
                  </dd>
                </div>
                <div>
                  <dt>{t('teacher-classroom.students')}</dt>
                  <dd>
                    {t(
                      assignment.individualStudents
                        ? 'teacher-classroom.chosen-student-count'
                        : 'teacher-classroom.student-count',
                      { count: assignment.studentCount },
                    )}
                  </dd>
                </div>
                <div>
                  <dt>{t('teacher-classroom.progress')}</dt>
                  <dd>
                    <ProgressMeter percent={assignment.progress} />
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
