import { ClassroomDashboard } from './classroom-dashboard';
import { useClassroom } from './classroom-ui';
import { EmbedTokensSection } from './embed-tokens-section';

/**
 * /teacher/classroom/{id}, the Overview tab (spec 03 §2): the class's progress and its weekly
 * activity from the widgets' classroom dashboard, with its Excel and CSV downloads, and the embed
 * tokens that show the same dashboard in another page. The assignments and the students have their
 * own tabs.
 */
export function OverviewPage() {
  const overview = useClassroom();
  return (
    <>
      <ClassroomDashboard sections={['progress', 'weekly']} />
      <EmbedTokensSection classroomId={overview.classroom.id} />
    </>
  );
}
