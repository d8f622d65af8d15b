import { StudentDetail } from '@kib/widgets';
import { useParams } from 'react-router';
import { useLanguage, useT } from '../../../i18n/language';
import { TeacherLoading } from '../teacher-ui';
import { idParam, studentsPath, useStudentDetail } from './classroom-data';
import { ClassroomFailure, SectionNotFound, useClassroom } from './classroom-ui';

/**
 * /teacher/classroom/{id}/students/{studentId} (spec 03 §2 "student detail"): one student's record in
 * the classroom in the widgets' student dashboard, with its Overview and Assignments tabs.
 */
export function StudentPage() {
  const { classroom } = useClassroom();
  const studentId = idParam(useParams().studentId);
  if (studentId === null) return <StudentNotFound classroomId={classroom.id} />;
  return <LoadedStudent key={studentId} classroomId={classroom.id} studentId={studentId} />;
}

function LoadedStudent({ classroomId, studentId }: { classroomId: number; studentId: number }) {
  const { language } = useLanguage();
  const detail = useStudentDetail(classroomId, studentId);
  if (detail.data) return <StudentDetail data={detail.data} lang={language} />;
  if (detail.isError)
    return (
      <ClassroomFailure
        error={detail.error}
        retrying={detail.isFetching}
        onRetry={() => void detail.refetch()}
        notFound={<StudentNotFound classroomId={classroomId} />}
      />
    );
  return <TeacherLoading />;
}

function StudentNotFound({ classroomId }: { classroomId: number }) {
  const t = useT();
  return (
    <SectionNotFound
      title={t('teacher-classroom.student-not-found-title')}
      text={t('teacher-classroom.student-not-found-text')}
      back={studentsPath(classroomId)}
      backLabel={t('teacher-classroom.back-to-students')}
    />
  );
}
