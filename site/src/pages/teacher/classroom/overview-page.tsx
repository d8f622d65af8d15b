import { ClassroomOverview } from '@kib/widgets';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../../i18n/language';
import { assignmentPath, studentPath } from './classroom-data';
import { useClassroom } from './classroom-ui';

/**
 * /teacher/classroom/{id}, the Overview tab (spec 03 §2): the widgets' classroom dashboard (the
 * class's progress, its weekly activity, its assignments and its students, with their downloads);
 * choosing an assignment or a student opens its page.
 */
export function OverviewPage() {
  const overview = useClassroom();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const classroomId = overview.classroom.id;
  return (
    <ClassroomOverview
      data={overview}
      lang={language}
      onSelectAssignment={(moduleId) => void navigate(assignmentPath(classroomId, moduleId))}
      onSelectStudent={(studentId) => void navigate(studentPath(classroomId, studentId))}
    />
  );
}
