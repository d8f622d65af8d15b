import { ApiError } from '@kib/api-client';
import type { SchoolClassroom, SchoolTeacher } from '@kib/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLanguage, useT } from '../../i18n/language';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { SelectField } from '../../ui/field';
import { FailureAlert } from '../../ui/form-submit';
import { useReassignClassroom, type SchoolScope, type SubscribedSchool } from './school-admin-data';
import {
  dayText,
  NoticeRegion,
  personName,
  RowButton,
  SchoolPageFrame,
  SchoolSectionPage,
  SchoolTable,
  useNotice,
} from './school-admin-ui';

/** The `?teacher=` value of the classrooms that have no teacher. */
const NO_TEACHER = 'none';

/** Which classrooms the page shows: every one, a teacher's, or those without a teacher. */
type TeacherFilter = { kind: 'all' } | { kind: 'none' } | { kind: 'teacher'; teacher: SchoolTeacher };

/** The filter of `?teacher=`: an unknown teacher shows every classroom. */
function filterOf(value: string | null, teachers: readonly SchoolTeacher[]): TeacherFilter {
  if (value === NO_TEACHER) return { kind: 'none' };
  const teacher = teachers.find((candidate) => String(candidate.id) === value);
  return teacher ? { kind: 'teacher', teacher } : { kind: 'all' };
}

const shows = (filter: TeacherFilter, classroom: SchoolClassroom) =>
  filter.kind === 'all' ||
  (filter.kind === 'none' ? classroom.teacher === null : classroom.teacher?.id === filter.teacher.id);

/**
 * The school's classrooms (spec 03 §2 "classrooms list"): name, level, teacher (or none: a removed
 * teacher's classrooms stay with the school), students, modules and the day it was made; filtered
 * by teacher (kept in `?teacher=`, so the teachers page links here), and each given to a teacher of
 * the school after confirming.
 */
export function SchoolClassroomsPage() {
  const t = useT();
  return (
    <SchoolSectionPage title={t('school-admin.classrooms-title')}>
      {(school, scope) => <Classrooms school={school} scope={scope} />}
    </SchoolSectionPage>
  );
}

function Classrooms({ school, scope }: { school: SubscribedSchool; scope: SchoolScope }) {
  const t = useT();
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(language);
  const notice = useNotice();
  const [params, setParams] = useSearchParams();
  const [assigning, setAssigning] = useState<SchoolClassroom | null>(null);
  const teachers = school.teachersData;
  const all = school.classroomsData;
  const filter = filterOf(params.get('teacher'), teachers);
  const classrooms = all.filter((classroom) => shows(filter, classroom));
  const filterValue =
    filter.kind === 'teacher' ? String(filter.teacher.id) : filter.kind === 'none' ? NO_TEACHER : '';
  /** The teachers a classroom may be given to: the school's, but the one who has it. */
  const othersThan = (classroom: SchoolClassroom) =>
    teachers.filter((teacher) => teacher.id !== classroom.teacher?.id);

  return (
    <SchoolPageFrame title={t('school-admin.classrooms-title')} school={school.institutionData.name}>
      <NoticeRegion {...notice.region} />
      {all.length === 0 ? (
        <p className="card school-admin-empty">{t('school-admin.classrooms-empty')}</p>
      ) : (
        <>
          <p className="school-admin-lead">
            {teachers.length > 0
              ? t('school-admin.classrooms-lead')
              : t('school-admin.classrooms-lead-alone')}
          </p>
          <div className="school-admin-filter">
            <SelectField
              label={t('school-admin.filter-teacher')}
              value={filterValue}
              onChange={(event) =>
                setParams(
                  (was) => {
                    const next = new URLSearchParams(was);
                    if (event.target.value) next.set('teacher', event.target.value);
                    else next.delete('teacher');
                    return next;
                  },
                  { replace: true },
                )
              }
            >
              <option value="">{t('school-admin.filter-all')}</option>
              {teachers.map((teacher) => (
                <option key={teacher.id} value={teacher.id}>
                  {personName(teacher, t)}
                </option>
              ))}
              <option value={NO_TEACHER}>{t('school-admin.no-teacher')}</option>
            </SelectField>
          </div>
          <p role="status" className="school-admin-count">
            {t('school-admin.classrooms-shown', {
              count: all.length,
              shown: number.format(classrooms.length),
              total: number.format(all.length),
            })}
          </p>
          {classrooms.length === 0 ? (
            <p className="school-admin-lead">{t('school-admin.classrooms-no-match')}</p>
          ) : (
            <SchoolTable
              caption={
                filter.kind === 'teacher'
                  ? t('school-admin.classrooms-caption-of', { name: personName(filter.teacher, t) })
                  : filter.kind === 'none'
                    ? t('school-admin.classrooms-caption-none')
                    : t('school-admin.classrooms-caption')
              }
            >
              <thead>
                <tr>
                  <th scope="col">{t('school-admin.col-classroom')}</th>
                  <th scope="col">{t('school-admin.col-level')}</th>
                  <th scope="col">{t('school-admin.col-teacher')}</th>
                  <th scope="col">{t('school-admin.col-students')}</th>
                  <th scope="col">{t('school-admin.col-modules')}</th>
                  <th scope="col">{t('school-admin.col-created')}</th>
                  <th scope="col">
                    <span className="visually-hidden">{t('school-admin.col-actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {classrooms.map((classroom) => (
                  <tr key={classroom.id}>
                    <th scope="row" className="school-admin-name">
                      {classroom.name}
                    </th>
                    <td>{language === 'es' ? classroom.level.nameSpanish : classroom.level.name}</td>
                    <td>
                      {classroom.teacher ? (
                        personName(classroom.teacher, t)
                      ) : (
                        <span className="school-admin-none">{t('school-admin.no-teacher')}</span>
                      )}
                    </td>
                    <td>{number.format(classroom.students)}</td>
                    <td>{number.format(classroom.modules)}</td>
                    <td className="school-admin-day">{dayText(classroom.createdAt)}</td>
                    <td>
                      {othersThan(classroom).length > 0 && (
                        <RowButton
                          label={classroom.teacher ? t('school-admin.reassign') : t('school-admin.assign')}
                          row={classroom.name}
                          onClick={() => setAssigning(classroom)}
                        />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </SchoolTable>
          )}
        </>
      )}
      <AssignDialog
        school={school}
        scope={scope}
        classroom={assigning}
        teachers={assigning ? othersThan(assigning) : []}
        onClose={() => setAssigning(null)}
        onAssigned={(classroom, teacher) => {
          setAssigning(null);
          notice.show(
            t('school-admin.assigned', { classroom: classroom.name, name: personName(teacher, t) }),
          );
        }}
      />
    </SchoolPageFrame>
  );
}

/**
 * Asks to which teacher of the school `classroom` goes (its current teacher is not offered; the
 * first other one is chosen), and gives it (POST reassign-classroom/); a refusal stays in the
 * dialog. Closed while `classroom` is null.
 */
function AssignDialog({
  school,
  scope,
  classroom,
  teachers,
  onClose,
  onAssigned,
}: {
  school: SubscribedSchool;
  scope: SchoolScope;
  classroom: SchoolClassroom | null;
  teachers: readonly SchoolTeacher[];
  onClose: () => void;
  onAssigned: (classroom: SchoolClassroom, teacher: SchoolTeacher) => void;
}) {
  const t = useT();
  const reassign = useReassignClassroom(scope, school.institutionData.id);
  const [choice, setChoice] = useState<{ classroomId: number; teacherId: number } | null>(null);
  // A choice made for another classroom (or none yet) starts again from the first teacher offered.
  const teacherId =
    choice && choice.classroomId === classroom?.id ? choice.teacherId : (teachers[0]?.id ?? 0);
  const chosen = teachers.find((teacher) => teacher.id === teacherId);
  return (
    <ConfirmDialog
      open={classroom !== null}
      title={t('school-admin.assign-title', { classroom: classroom?.name ?? '' })}
      confirmLabel={t('school-admin.assign-confirm')}
      pendingLabel={t('school-admin.working')}
      pending={reassign.isPending}
      onConfirm={() => {
        if (!classroom || !chosen) return;
        reassign.mutate(
          { classroomId: classroom.id, teacherId: chosen.id },
          { onSuccess: () => onAssigned(classroom, chosen) },
        );
      }}
      onCancel={() => {
        reassign.reset();
        onClose();
      }}
    >
      <p>
        {classroom?.teacher
          ? t('school-admin.assign-current', { name: personName(classroom.teacher, t) })
          : t('school-admin.assign-none')}
      </p>
      <SelectField
        label={t('school-admin.col-teacher')}
        hint={t('school-admin.assign-hint')}
        error={reassign.error instanceof ApiError ? reassign.error.fields.teacher_id?.join(' ') : undefined}
        value={teacherId}
        onChange={(event) =>
          classroom && setChoice({ classroomId: classroom.id, teacherId: Number(event.target.value) })
        }
      >
        {teachers.map((teacher) => (
          <option key={teacher.id} value={teacher.id}>
            {personName(teacher, t)}
          </option>
        ))}
      </SelectField>
      <FailureAlert error={reassign.error} fields={['teacher_id']} />
    </ConfirmDialog>
  );
}
