import { useT } from '../../../i18n/language';
import { ClassroomDashboard } from './classroom-dashboard';
import { useClassroom } from './classroom-ui';

/**
 * /teacher/classroom/{id}/assignments, the Assignments tab (spec 03 §2): the modules assigned to the
 * classroom in the widgets' classroom dashboard (publication date and deadline as DD-MM-YYYY HH:mm,
 * students, the class's progress), each name a link to its results. With nothing assigned yet, it
 * says what the tab will show.
 */
export function AssignmentsPage() {
  const t = useT();
  const { assignments } = useClassroom();
  return (
    <>
      <ClassroomDashboard sections={['assignments']} />
      {assignments.length === 0 && (
        <p className="classroom-hint">{t('teacher-classroom.assignments-empty-hint')}</p>
      )}
    </>
  );
}
