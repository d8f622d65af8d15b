import { useT } from '../../i18n/language';
import { useDocumentTitle } from '../../ui/use-document-title';
import { ClassroomList } from './classrooms-page';
import { JoinClassroom } from './join-classroom';

/** /student: 'my classrooms' and the box to add a classroom with the teacher's code (spec 01 §2). */
export function StudentHomePage() {
  const t = useT();
  useDocumentTitle(t('student.classrooms-title'));
  return (
    <div className="student-page">
      <h1>{t('student.classrooms-title')}</h1>
      <ClassroomList joinHint="below" />
      <JoinClassroom />
    </div>
  );
}
