import { csvText, type ClassroomMastery, type MasteryCell } from '@kib/core';
import { downloadBlob } from '@kib/widgets';
import { useId } from 'react';
import { Link } from 'react-router';
import { useT, type Translate } from '../../../i18n/language';
import { LevelMeter } from '../../../ui/level-meter';
import { TeacherLoading } from '../teacher-ui';
import { studentPath, useClassroomMastery } from './classroom-data';
import { ClassroomFailure, studentName, useClassroom } from './classroom-ui';

/** An estimate still this uncertain (1 with no evidence) is marked as tentative. */
const TENTATIVE = 0.5;

/**
 * /teacher/classroom/{id}/mastery, the Mastery tab (issue 35, docs/adaptive.md): the classroom's
 * students × the skills its assignments train, each cell the student's level in words and as a
 * four-step meter (a shape, not a colour alone), marked tentative while the model has little
 * evidence; above it, who needs help on what (students still at "attempted" on a skill with
 * evidence); and the grid as a CSV file.
 */
export function MasteryPage() {
  const t = useT();
  const { classroom } = useClassroom();
  const mastery = useClassroomMastery(classroom.id);
  if (mastery.data) return <Grid data={mastery.data} />;
  if (mastery.isError)
    return (
      <ClassroomFailure
        error={mastery.error}
        retrying={mastery.isFetching}
        onRetry={() => void mastery.refetch()}
        notFound={<p className="classroom-hint">{t('teacher-classroom.mastery-no-skills')}</p>}
      />
    );
  return <TeacherLoading />;
}

function Grid({ data }: { data: ClassroomMastery }) {
  const t = useT();
  const captionId = useId();
  const cells = new Map(data.cells.map((c) => [`${c.studentId}:${c.skillId}`, c]));
  const cell = (studentId: number, skillId: number) => cells.get(`${studentId}:${skillId}`) ?? null;
  if (data.students.length === 0 || data.skills.length === 0)
    return (
      <p className="classroom-hint">
        {data.skills.length === 0
          ? t('teacher-classroom.mastery-no-skills')
          : t('teacher-classroom.mastery-no-students')}
      </p>
    );
  const help = data.skills
    .map((skill) => ({
      skill,
      students: data.students.filter((s) => cell(s.id, skill.id)?.level === 'attempted'),
    }))
    .filter((h) => h.students.length > 0);

  return (
    <div className="mastery">
      <p className="mastery-lead">{t('teacher-classroom.mastery-lead')}</p>
      <section className="mastery-help" aria-labelledby={`${captionId}-help`}>
        <h2 id={`${captionId}-help`}>{t('teacher-classroom.mastery-help-title')}</h2>
        {help.length === 0 ? (
          <p>{t('teacher-classroom.mastery-help-none')}</p>
        ) : (
          <ul>
            {help.map(({ skill, students }) => (
              <li key={skill.id}>
                <strong>{skill.name}</strong>
                {': '}
                {students.map((s) => studentName(s, t) || s.email).join(', ')}
              </li>
            ))}
          </ul>
        )}
      </section>
      <p>
        <button
          type="button"
          className="button button-secondary"
          onClick={() =>
            downloadBlob(
              new Blob([masteryCsv(data, cell, t)], { type: 'text/csv;charset=utf-8' }),
              t('teacher-classroom.mastery-file', { name: data.classroom.name }),
            )
          }
        >
          {t('teacher-classroom.mastery-download')}
        </button>
      </p>
      <div className="mastery-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="mastery-grid">
          <caption id={captionId}>
            {t('teacher-classroom.mastery-caption', { name: data.classroom.name })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('teacher-classroom.mastery-student')}</th>
              {data.skills.map((skill) => (
                <th key={skill.id} scope="col">
                  {skill.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.students.map((student) => (
              <tr key={student.id}>
                <th scope="row">
                  <Link to={studentPath(data.classroom.id, student.id)}>
                    {studentName(student, t) || student.email}
                  </Link>
                </th>
                {data.skills.map((skill) => (
                  <LevelCell key={skill.id} cell={cell(student.id, skill.id)} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mastery-key">{t('teacher-classroom.mastery-key')}</p>
    </div>
  );
}

/** A cell: the level in words, the meter, and "tentative" while the estimate is uncertain. */
function LevelCell({ cell }: { cell: MasteryCell | null }) {
  const t = useT();
  const level = cell?.level ?? 'not-started';
  const tentative = cell !== null && cell.uncertainty > TENTATIVE;
  return (
    <td className={`mastery-cell mastery-cell--${level}`}>
      <LevelMeter level={level} />
      <span>{t(`practice.levels.${level}`)}</span>
      {tentative ? (
        <span className="mastery-tentative">{t('teacher-classroom.mastery-tentative')}</span>
      ) : null}
    </td>
  );
}

/** The grid as a CSV file: a row per student, a column per skill, each cell the level and the estimate. */
function masteryCsv(
  data: ClassroomMastery,
  cell: (studentId: number, skillId: number) => MasteryCell | null,
  t: Translate,
): string {
  return csvText([
    [
      t('teacher-classroom.mastery-student'),
      t('teacher-classroom.mastery-email'),
      ...data.skills.map((s) => s.name),
    ],
    ...data.students.map((student) => [
      studentName(student, t),
      student.email,
      ...data.skills.map((skill) => {
        const c = cell(student.id, skill.id);
        return c
          ? `${t(`practice.levels.${c.level}`)} (${Math.round(c.estimate * 100)} %)`
          : t('practice.levels.not-started');
      }),
    ]),
  ]);
}
