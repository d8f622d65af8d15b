import { ClassroomOverview, type ClassroomOverviewSection } from '@kib/widgets';
import { useNavigate } from 'react-router';
import { useLanguage } from '../../../i18n/language';
import { assignmentPath, studentPath } from './classroom-data';
import { useClassroom } from './classroom-ui';

/**
 * The widgets' classroom dashboard inside the landing, which already shows the classroom's name and
 * code: only `sections`, headed at level 2 under the landing's h1, with the Excel and CSV downloads.
 * Assignment and student names are links to their pages (real addresses, so they open in a new tab
 * too); a plain click moves through the router.
 */
export function ClassroomDashboard({ sections }: { sections: readonly ClassroomOverviewSection[] }) {
  const overview = useClassroom();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const classroomId = overview.classroom.id;
  return (
    <ClassroomOverview
      data={overview}
      lang={language}
      header={false}
      headingLevel={2}
      sections={sections}
      assignmentHref={(moduleId) => assignmentPath(classroomId, moduleId)}
      studentHref={(studentId) => studentPath(classroomId, studentId)}
      onSelectAssignment={(moduleId) => void navigate(assignmentPath(classroomId, moduleId))}
      onSelectStudent={(studentId) => void navigate(studentPath(classroomId, studentId))}
    />
  );
}
