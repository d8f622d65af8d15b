import { formatDateDmy, type TeacherClassroom } from '@kib/core';
import { useId } from 'react';
import { useT } from '../../i18n/language';
import { useClassroomStudents } from './teacher-data';
import { TeacherQueryWait } from './teacher-ui';

/**
 * The students of a classroom (spec 03 §2 "bulk student registration and list of registered
 * students"): name, e-mail, the day they joined and whether their account is active.
 */
export function ClassroomStudents({ classroom }: { classroom: TeacherClassroom }) {
  const t = useT();
  const headingId = useId();
  const students = useClassroomStudents(classroom.id);
  return (
    <section className="teacher-register-results" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('teacher.students-title', { count: students.data?.students.length ?? 0 })}</h2>
      {students.isError || !students.data ? (
        <TeacherQueryWait query={students} />
      ) : students.data.students.length === 0 ? (
        <p className="teacher-lead">{t('teacher.students-empty')}</p>
      ) : (
        <div className="teacher-table-wrap" role="group" aria-labelledby={headingId} tabIndex={0}>
          <table className="teacher-table">
            <caption className="visually-hidden">
              {t('teacher.students-caption', { name: classroom.name })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('teacher.col-last-name')}</th>
                <th scope="col">{t('teacher.col-first-name')}</th>
                <th scope="col">{t('teacher.col-email')}</th>
                <th scope="col">{t('teacher.col-joined')}</th>
                <th scope="col">{t('teacher.col-account')}</th>
              </tr>
            </thead>
            <tbody>
              {students.data.students.map((student) => (
                <tr key={student.id}>
                  <td>{student.lastName}</td>
                  <td>{student.firstName}</td>
                  <td>{student.email}</td>
                  <td>{formatDateDmy(new Date(student.joinedAt))}</td>
                  <td>{t(student.isActive ? 'teacher.account-active' : 'teacher.account-inactive')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
