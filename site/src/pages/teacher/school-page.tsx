import { zodResolver } from '@hookform/resolvers/zod';
import { formatDateDmy, RegisterTeacherToSchoolSchema, type TeacherData } from '@kib/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { useLanguage, useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { Field } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { FailureAlert, useAddSubmit, useFieldErrorText } from '../../ui/form-submit';
import type { JoinedSchoolState } from './classes-page';
import { isForbidden, TEACHER_CHANGES, TEACHER_HOME, useTeacherChange, useTeacherData } from './teacher-data';
import { TeacherNoAccess } from './teacher-layout';
import { NoticeRegion, TeacherQueryWait } from './teacher-ui';

/** The longest teacher code the server reads (after dropping spaces). */
const CODE_MAX = 20;

/**
 * /teacher/school (spec 03 §2, §4): the teacher's school, until when its plan is valid and how many
 * of the students it allows the school has, when they have one, and always the form that joins a
 * school with a teacher code. A full plan is said plainly: no new student can join the school's
 * classrooms until its administrator gets more places. Joining a school whose plan is valid goes on
 * to the classes page; the server's refusals of a code are said under the field.
 */
export function SchoolPage() {
  const t = useT();
  useDocumentTitle(t('teacher.school-title'));
  const teacher = useTeacherData();

  if (isForbidden(teacher.error)) return <TeacherNoAccess />;
  return (
    <div className="teacher-page">
      <h1>{t('teacher.school-title')}</h1>
      {teacher.data ? <School data={teacher.data} /> : <TeacherQueryWait query={teacher} />}
    </div>
  );
}

/** A date of the API (ISO) as the site writes dates: DD-MM-YYYY. */
const dateText = (iso: string) => formatDateDmy(new Date(iso));

function School({ data }: { data: TeacherData }) {
  const t = useT();
  const { language } = useLanguage();
  const headingId = useId();
  const { institution, validSubscription } = data;
  const number = new Intl.NumberFormat(language);
  const fullSchool =
    validSubscription && institution && institution.students >= institution.studentLimit ? institution : null;
  return (
    <>
      {fullSchool && (
        <Alert tone="warning">
          {t('teacher.school-plan-full', {
            name: fullSchool.name,
            limit: number.format(fullSchool.studentLimit),
          })}
        </Alert>
      )}
      {!validSubscription && (
        <Alert tone="info">
          {!institution
            ? t('teacher.school-none')
            : institution.planValidUntil
              ? t('teacher.school-plan-ended', {
                  name: institution.name,
                  date: dateText(institution.planValidUntil),
                })
              : t('teacher.school-plan-none', { name: institution.name })}
        </Alert>
      )}
      {institution && (
        <section className="card teacher-school" aria-labelledby={headingId}>
          <h2 id={headingId}>{t('teacher.school-yours')}</h2>
          <dl className="teacher-facts">
            <div>
              <dt>{t('teacher.school-name')}</dt>
              <dd>{institution.name}</dd>
            </div>
            <div>
              <dt>{validSubscription ? t('teacher.plan-valid-until') : t('teacher.plan-state')}</dt>
              <dd>
                {institution.planValidUntil
                  ? validSubscription
                    ? dateText(institution.planValidUntil)
                    : t('teacher.plan-ended-on', { date: dateText(institution.planValidUntil) })
                  : t('teacher.plan-none')}
              </dd>
            </div>
            {validSubscription && (
              <div>
                <dt>{t('teacher.plan-students')}</dt>
                <dd>
                  {t('teacher.plan-students-of', {
                    students: number.format(institution.students),
                    limit: number.format(institution.studentLimit),
                  })}
                </dd>
              </div>
            )}
          </dl>
          {validSubscription && (
            <div className="form-actions">
              <Link className="button button-primary" to={TEACHER_HOME}>
                {t('teacher.go-to-classes')}
              </Link>
            </div>
          )}
        </section>
      )}
      <JoinSchool hasSchool={institution !== null} />
    </>
  );
}

type CodeInput = z.input<typeof RegisterTeacherToSchoolSchema>;
type CodeValues = z.output<typeof RegisterTeacherToSchoolSchema>;

/**
 * The teacher code form: joining a school with a valid plan goes on to /teacher, where the school is
 * named; joining one without says so here. A refused code (unknown, spent, expired, another school)
 * is explained under the field, in the server's words; anything else (too many tries, no answer) in
 * an alert.
 */
function JoinSchool({ hasSchool }: { hasSchool: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const headingId = useId();
  const noticeRef = useRef<HTMLDivElement>(null);
  const errorText = useFieldErrorText();
  const [joined, setJoined] = useState<string | null>(null);
  const join = useTeacherChange(TEACHER_CHANGES.registerToSchool, (data, answer): TeacherData => {
    // The school's plan comes with the data read again; until then a new school shows none.
    const known = data.institution?.id === answer.institution.id ? data.institution : null;
    return {
      ...data,
      validSubscription: answer.validSubscription,
      institution: {
        ...answer.institution,
        planValidUntil: known?.planValidUntil ?? null,
        students: known?.students ?? 0,
        studentLimit: known?.studentLimit ?? 0,
      },
    };
  });
  const form = useForm<CodeInput, unknown, CodeValues>({
    resolver: zodResolver(RegisterTeacherToSchoolSchema),
    defaultValues: { code: '' },
  });
  const {
    register,
    reset,
    formState: { errors },
  } = form;
  const { failure, onSubmit } = useAddSubmit(form, ['code'], async ({ code }) => {
    setJoined(null);
    const answer = await join.mutateAsync(code);
    reset();
    if (answer.validSubscription) {
      const state: JoinedSchoolState = { joinedSchool: answer.institution.name };
      await navigate(TEACHER_HOME, { state });
    } else setJoined(answer.institution.name);
  });

  useEffect(() => {
    if (joined) noticeRef.current?.focus();
  }, [joined]);

  return (
    <section className="card teacher-form" aria-labelledby={headingId}>
      <h2 id={headingId}>{hasSchool ? t('teacher.join-other-title') : t('teacher.join-title')}</h2>
      <p className="teacher-lead">{hasSchool ? t('teacher.join-other-lead') : t('teacher.join-lead')}</p>
      <form onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        <Field
          label={t('teacher.teacher-code')}
          hint={t('teacher.teacher-code-hint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={errorText(errors.code, CODE_MAX)}
          {...register('code')}
        />
        <FailureAlert error={failure} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={join.isPending}>
            {join.isPending && <Spinner label={t('teacher.working')} />}
            {t('teacher.join-submit')}
          </button>
        </div>
      </form>
      <NoticeRegion
        ref={noticeRef}
        notice={
          joined && <p className="teacher-alert-text">{t('teacher.joined-no-plan', { name: joined })}</p>
        }
        onClose={() => {
          setJoined(null);
          form.setFocus('code');
        }}
      />
    </section>
  );
}
