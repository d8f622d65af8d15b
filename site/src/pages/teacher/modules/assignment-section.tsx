import type { TeacherClassroom } from '@kib/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { useT } from '../../../i18n/language';
import { Field } from '../../../ui/field';
import { TEACHER_HOME, useClassroomStudents } from '../teacher-data';
import { TeacherQueryWait } from '../teacher-ui';
import type { LocalMoment } from './module-dates';
import {
  useModuleDraft,
  useModuleDraftStore,
  type AssignmentProblems,
  type DraftAssignment,
} from './module-draft.store';

/** A student of a classroom, as the assignment lists them. */
interface ClassroomStudent {
  id: number;
  firstName: string;
  lastName: string;
}

const fullName = (student: ClassroomStudent) => `${student.firstName} ${student.lastName}`.trim();

/**
 * The builder's Assign section (spec 03 §1, §3): for each of the teacher's classrooms a checkbox; an
 * assigned classroom gets the module as a whole or only its chosen students, with a publish date and a
 * deadline (day and time in the teacher's time zone), and optional deadlines of its own for each
 * student. `problems` are what keeps the draft from being saved, per classroom.
 */
export function AssignmentSection({
  classrooms,
  problems,
}: {
  classrooms: readonly TeacherClassroom[];
  problems: Record<number, AssignmentProblems>;
}) {
  const t = useT();
  const headingId = useId();
  return (
    <section className="card modules-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('teacher-modules.assign-title')}</h2>
      {classrooms.length === 0 ? (
        <p className="modules-hint">
          {t('teacher-modules.assign-no-classrooms')}{' '}
          <Link to={TEACHER_HOME}>{t('teacher-modules.go-to-classes')}</Link>
        </p>
      ) : (
        <>
          <p className="modules-hint">{t('teacher-modules.assign-hint')}</p>
          <ul className="modules-assign-list">
            {classrooms.map((classroom) => (
              <li key={classroom.id}>
                <ClassroomAssignment classroom={classroom} problems={problems[classroom.id]} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** One classroom: whether the module is assigned to it, and how. */
function ClassroomAssignment({
  classroom,
  problems,
}: {
  classroom: TeacherClassroom;
  problems: AssignmentProblems | undefined;
}) {
  const t = useT();
  const store = useModuleDraftStore();
  const assignment = useModuleDraft((state) => state.assignments.find((a) => a.classroomId === classroom.id));
  return (
    <fieldset className="modules-assign">
      <legend>{classroom.name}</legend>
      <label className="modules-check">
        <input
          type="checkbox"
          checked={assignment !== undefined}
          onChange={(e) => store.getState().assign(classroom.id, e.target.checked)}
        />
        {t('teacher-modules.assign-to', { name: classroom.name })}
      </label>
      {assignment && (
        <AssignmentFields classroom={classroom} assignment={assignment} problems={problems ?? {}} />
      )}
    </fieldset>
  );
}

/** A day and a time input side by side, labelled, with a hint and an error under them. */
function MomentFields({
  dateLabel,
  timeLabel,
  value,
  hint,
  error,
  onChange,
}: {
  dateLabel: string;
  timeLabel: string;
  value: LocalMoment;
  hint?: string;
  error?: string;
  onChange: (value: LocalMoment) => void;
}) {
  return (
    <div className="modules-moment">
      <Field
        type="date"
        label={dateLabel}
        value={value.date}
        hint={hint}
        error={error}
        onChange={(e) => onChange({ ...value, date: e.target.value })}
      />
      <Field
        type="time"
        label={timeLabel}
        value={value.time}
        onChange={(e) => onChange({ ...value, time: e.target.value })}
      />
    </div>
  );
}

/** How the module is assigned to one classroom: to whom, from when, until when. */
function AssignmentFields({
  classroom,
  assignment,
  problems,
}: {
  classroom: TeacherClassroom;
  assignment: DraftAssignment;
  problems: AssignmentProblems;
}) {
  const t = useT();
  const store = useModuleDraftStore();
  const set = (change: Partial<Omit<DraftAssignment, 'classroomId'>>) =>
    store.getState().setAssignment(classroom.id, change);
  const radioName = useId();
  const chosen = assignment.studentIds !== null;
  return (
    <div className="modules-assign-fields">
      <fieldset className="modules-who">
        <legend>{t('teacher-modules.assign-who', { name: classroom.name })}</legend>
        <label className="modules-check">
          <input type="radio" name={radioName} checked={!chosen} onChange={() => set({ studentIds: null })} />
          {t('teacher-modules.assign-whole')}
        </label>
        <label className="modules-check">
          <input type="radio" name={radioName} checked={chosen} onChange={() => set({ studentIds: [] })} />
          {t('teacher-modules.assign-chosen')}
        </label>
        {assignment.studentIds !== null && (
          <StudentChoice
            classroom={classroom}
            chosen={assignment.studentIds}
            error={problems.students && t(problems.students)}
            onChange={(studentIds) => set({ studentIds })}
          />
        )}
      </fieldset>
      <MomentFields
        dateLabel={t('teacher-modules.publish-date')}
        timeLabel={t('teacher-modules.publish-time')}
        value={assignment.publish}
        hint={t('teacher-modules.publish-hint')}
        error={problems.publish && t(problems.publish)}
        onChange={(publish) => set({ publish })}
      />
      <MomentFields
        dateLabel={t('teacher-modules.deadline-date')}
        timeLabel={t('teacher-modules.deadline-time')}
        value={assignment.deadline}
        hint={t('teacher-modules.deadline-hint')}
        error={problems.deadline && t(problems.deadline)}
        onChange={(deadline) => set({ deadline })}
      />
      <details
        className="modules-student-deadlines"
        open={(problems.studentDeadlines?.length ?? 0) > 0 || undefined}
      >
        <summary>{t('teacher-modules.student-deadlines')}</summary>
        <p className="modules-hint">{t('teacher-modules.student-deadlines-hint')}</p>
        <StudentDeadlines
          classroom={classroom}
          assignment={assignment}
          invalid={problems.studentDeadlines ?? []}
        />
      </details>
    </div>
  );
}

/** The students of a classroom, loaded, or why not. */
function useStudents(classroomId: number) {
  const query = useClassroomStudents(classroomId);
  return { query, students: query.data?.students as readonly ClassroomStudent[] | undefined };
}

/** The classroom's students as checkboxes: those who get the module. */
function StudentChoice({
  classroom,
  chosen,
  error,
  onChange,
}: {
  classroom: TeacherClassroom;
  chosen: readonly number[];
  error?: string;
  onChange: (studentIds: number[]) => void;
}) {
  const t = useT();
  const errorId = useId();
  const { query, students } = useStudents(classroom.id);
  if (query.isError || !students) return <TeacherQueryWait query={query} />;
  if (students.length === 0)
    return <p className="modules-hint">{t('teacher-modules.classroom-no-students')}</p>;
  return (
    <fieldset className="modules-students" aria-describedby={error ? errorId : undefined}>
      <legend>{t('teacher-modules.students-of', { name: classroom.name })}</legend>
      <ul>
        {students.map((student) => (
          <li key={student.id}>
            <label className="modules-check">
              <input
                type="checkbox"
                checked={chosen.includes(student.id)}
                onChange={(e) =>
                  onChange(
                    e.target.checked ? [...chosen, student.id] : chosen.filter((id) => id !== student.id),
                  )
                }
              />
              {fullName(student)}
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <div id={errorId} className="field-error">
          {error}
        </div>
      )}
    </fieldset>
  );
}

/** A deadline of their own for each student who gets the module (all, or the chosen ones). */
function StudentDeadlines({
  classroom,
  assignment,
  invalid,
}: {
  classroom: TeacherClassroom;
  assignment: DraftAssignment;
  invalid: readonly number[];
}) {
  const t = useT();
  const store = useModuleDraftStore();
  const { query, students } = useStudents(classroom.id);
  if (query.isError || !students) return <TeacherQueryWait query={query} />;
  const shown =
    assignment.studentIds === null ? students : students.filter((s) => assignment.studentIds?.includes(s.id));
  if (shown.length === 0)
    return (
      <p className="modules-hint">
        {t(
          assignment.studentIds === null
            ? 'teacher-modules.classroom-no-students'
            : 'teacher-modules.choose-students-first',
        )}
      </p>
    );
  return (
    <ul className="modules-student-deadline-list">
      {shown.map((student) => {
        const name = fullName(student);
        const own = assignment.studentDeadlines.find((s) => s.studentId === student.id)?.deadline ?? {
          date: '',
          time: '',
        };
        return (
          <li key={student.id}>
            <MomentFields
              dateLabel={t('teacher-modules.student-deadline-date', { name })}
              timeLabel={t('teacher-modules.student-deadline-time', { name })}
              value={own}
              error={invalid.includes(student.id) ? t('teacher-modules.moment-invalid') : undefined}
              onChange={(deadline) => store.getState().setStudentDeadline(classroom.id, student.id, deadline)}
            />
          </li>
        );
      })}
    </ul>
  );
}
