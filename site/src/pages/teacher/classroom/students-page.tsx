import { formatDuration } from '@kib/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/language';
import { registerStudentsPath } from '../teacher-data';
import { studentPath } from './classroom-data';
import { dateTime, ProgressMeter, studentName, useClassroom } from './classroom-ui';

/**
 * /teacher/classroom/{id}/students, the Students tab (spec 03 §2): the classroom's students as a list
 * of cards, each headed by a link to their record, with their e-mail, their progress on the
 * classroom's assignments, the time they spent and their last attempt (DD-MM-YYYY HH:mm).
 */
export function StudentsPage() {
  const t = useT();
  const { classroom, students } = useClassroom();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('teacher-classroom.students-heading', { name: classroom.name })}</h2>
      {students.length === 0 ? (
        <div className="card teacher-empty">
          <p>
            <strong>{t('teacher-classroom.students-empty')}</strong>
          </p>
          <p>{t('teacher-classroom.students-empty-hint', { code: classroom.code })}</p>
          <p>
            <Link to={registerStudentsPath(classroom.id)}>{t('teacher.register-link')}</Link>
          </p>
        </div>
      ) : (
        <ul className="classroom-list" aria-labelledby={headingId}>
          {students.map((student) => (
            <li key={student.id} className="card classroom-item">
              <h3>
                <Link to={studentPath(classroom.id, student.id)}>
                  {studentName(student, t) || t('teacher-classroom.student')}
                </Link>
              </h3>
              {student.email && <p className="classroom-email">{student.email}</p>}
              <dl className="teacher-facts">
                <div>
                  <dt>{t('teacher-classroom.progress')}</dt>
                  <dd>
                    <ProgressMeter percent={student.progress} />
                  </dd>
                </div>
                <div>
                  <dt>{t('teacher-classroom.total-time')}</dt>
                  <dd>{formatDuration(student.totalTime)}</dd>
                </div>
                <div>
                  <dt>{t('teacher-classroom.last-attempt')}</dt>
                  <dd>
                    {student.lastAttempt ? dateTime(student.lastAttempt) : t('teacher-classroom.no-attempts')}
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
