import { Link } from 'react-router';
import { useT } from '../../../i18n/language';
import { registerStudentsPath } from '../teacher-data';
import { ClassroomDashboard } from './classroom-dashboard';
import { useClassroom } from './classroom-ui';

/**
 * /teacher/classroom/{id}/students, the Students tab (spec 03 §2): the classroom's students in the
 * widgets' classroom dashboard, a table sortable by name, progress, total time and last attempt,
 * each name a link to the student's record. With nobody enrolled yet, it says how students join.
 */
export function StudentsPage() {
  const t = useT();
  const { classroom, students } = useClassroom();
  return (
    <>
      <ClassroomDashboard sections={['students']} />
      {students.length === 0 && (
        <div className="classroom-hint">
          <p>{t('teacher-classroom.students-empty-hint', { code: classroom.code })}</p>
          <p>
            <Link to={registerStudentsPath(classroom.id)}>{t('teacher.register-link')}</Link>
          </p>
        </div>
      )}
    </>
  );
}
