import { Link } from 'react-router';
import { useT } from '../../i18n/language';
import { useDocumentTitle } from '../../ui/use-document-title';
import { classroomSummaries } from './student-data';
import { StudentDataGate, useNow } from './student-ui';

/**
 * The student's classrooms as cards (name, teacher, module count), each leading to its modules.
 * `joinHint` says where the code box is when the list is empty.
 */
export function ClassroomList({ joinHint }: { joinHint: 'below' | 'home' }) {
  const t = useT();
  const now = useNow();
  return (
    <StudentDataGate>
      {(data) => {
        const classrooms = classroomSummaries(data, now);
        if (classrooms.length === 0)
          return (
            <div className="card student-empty-state">
              <p>
                <strong>{t('student.classrooms-empty')}</strong>
              </p>
              {joinHint === 'below' ? (
                <p>{t('student.classrooms-empty-hint-below')}</p>
              ) : (
                <p>
                  {t('student.classrooms-empty-hint')}{' '}
                  <Link to="/student">{t('student.classrooms-go-join')}</Link>
                </p>
              )}
            </div>
          );
        return (
          <ul className="student-cards">
            {classrooms.map((classroom) => (
              <li key={classroom.id}>
                <article className="card student-card">
                  <h2>
                    <Link to={`/student/classroom/${classroom.id}`}>{classroom.name}</Link>
                  </h2>
                  {classroom.description && <p>{classroom.description}</p>}
                  {classroom.teacherName && (
                    <p className="student-meta">
                      {t('student.classrooms-teacher', { name: classroom.teacherName })}
                    </p>
                  )}
                  <p className="student-meta">
                    {t('student.classrooms-module-count', { count: classroom.moduleCount })}
                  </p>
                </article>
              </li>
            ))}
          </ul>
        );
      }}
    </StudentDataGate>
  );
}

/** /student/classrooms: the student's classrooms (spec 01 §2). */
export function ClassroomsPage() {
  const t = useT();
  useDocumentTitle(t('student.classrooms-title'));
  return (
    <div className="student-page">
      <h1>{t('student.classrooms-title')}</h1>
      <ClassroomList joinHint="home" />
    </div>
  );
}
