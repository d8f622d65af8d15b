import { zodResolver } from '@hookform/resolvers/zod';
import {
  CreateTeachersCodeSchema,
  TEACHER_CODE_DEFAULT_DAYS,
  TEACHER_CODE_MAX_DAYS,
  type TeacherRegCode,
} from '@kib/core';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useT } from '../../i18n/language';
import { CopyButton } from '../../ui/copy-button';
import { Field } from '../../ui/field';
import { FailureAlert, useAddSubmit, useFieldErrorText } from '../../ui/form-submit';
import { Spinner } from '../../ui/spinner';
import {
  useCreateTeacherCode,
  useTeacherCodes,
  type SchoolScope,
  type SubscribedSchool,
} from './school-admin-data';
import {
  dayText,
  NoticeRegion,
  personName,
  SchoolPageFrame,
  SchoolQueryWait,
  SchoolSectionPage,
  SchoolTable,
  useNotice,
  type NoticeProps,
} from './school-admin-ui';

const NewCodeSchema = CreateTeachersCodeSchema.omit({ institutionId: true });
type NewCodeInput = z.input<typeof NewCodeSchema>;
type NewCodeValues = z.output<typeof NewCodeSchema>;

/** A number input's text as a number; undefined when it is empty (the schema then takes the default). */
const numberOf = (value: unknown) =>
  value === '' || value === undefined || value === null ? undefined : Number(value);

/** What the last new code was: the code, and where it was (or could not be) e-mailed. */
interface NewCode {
  code: string;
  email: string | null;
  mailed: boolean;
}

/**
 * The school's registration codes (spec 03 §2 "teacher-codes table (code, expiration; clicking
 * copies the code) and a Generate New Code button"): a form that makes a single-use teacher code
 * (optionally e-mailed to the teacher, valid 14 days unless said otherwise), the new code said with
 * 'your new code is: {code}', and every code with its expiry and its state.
 */
export function SchoolCodesPage() {
  const t = useT();
  return (
    <SchoolSectionPage title={t('school-admin.codes-title')}>
      {(school, scope) => <Codes school={school} scope={scope} />}
    </SchoolSectionPage>
  );
}

function Codes({ school, scope }: { school: SubscribedSchool; scope: SchoolScope }) {
  const t = useT();
  const notice = useNotice();
  const codes = useTeacherCodes(scope, school.institutionData.id);
  return (
    <SchoolPageFrame title={t('school-admin.codes-title')} school={school.institutionData.name}>
      <p className="school-admin-lead">{t('school-admin.codes-lead')}</p>
      {school.teachersData.length === 0 && (
        <p className="school-admin-lead">{t('school-admin.codes-first-teacher')}</p>
      )}
      <NewCodeForm
        scope={scope}
        institutionId={school.institutionData.id}
        notice={notice.region}
        onCreated={(created) => notice.show(<NewCodeNotice created={created} />)}
      />
      <section className="school-admin-section">
        {codes.data ? (
          codes.data.teacherRegcodes.length === 0 ? (
            <p className="school-admin-lead">{t('school-admin.codes-empty')}</p>
          ) : (
            <CodesTable codes={codes.data.teacherRegcodes} />
          )
        ) : (
          <SchoolQueryWait query={codes} />
        )}
      </section>
    </SchoolPageFrame>
  );
}

/**
 * "Generate new code": the teacher's e-mail (optional: the code is sent there) and for how many days
 * the code is valid (1 to 90, 14 unless changed). The core schema checks it before sending; the
 * server's refusals land under their fields, anything else in an alert. The notice of the new code
 * is under the form.
 */
function NewCodeForm({
  scope,
  institutionId,
  notice,
  onCreated,
}: {
  scope: SchoolScope;
  institutionId: number;
  notice: NoticeProps;
  onCreated: (created: NewCode) => void;
}) {
  const t = useT();
  const headingId = useId();
  const errorText = useFieldErrorText();
  const create = useCreateTeacherCode(scope, institutionId);
  const form = useForm<NewCodeInput, unknown, NewCodeValues>({
    resolver: zodResolver(NewCodeSchema),
    defaultValues: { email: '', validDays: TEACHER_CODE_DEFAULT_DAYS },
  });
  const {
    register,
    reset,
    formState: { errors },
  } = form;
  const { failure, onSubmit } = useAddSubmit(form, ['email', 'validDays'], async (values) => {
    const answer = await create.mutateAsync(values);
    reset();
    onCreated({ code: answer.code.code, email: values.email, mailed: answer.mailed });
  });
  return (
    <section className="card school-admin-form" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('school-admin.new-code-title')}</h2>
      <form onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        <Field
          label={t('school-admin.new-code-email')}
          type="email"
          autoComplete="off"
          maxLength={254}
          hint={t('school-admin.new-code-email-hint')}
          error={errorText(errors.email, 254)}
          {...register('email')}
        />
        <Field
          label={t('school-admin.new-code-days')}
          type="number"
          inputMode="numeric"
          min={1}
          max={TEACHER_CODE_MAX_DAYS}
          step={1}
          hint={t('school-admin.new-code-days-hint', {
            max: TEACHER_CODE_MAX_DAYS,
            days: TEACHER_CODE_DEFAULT_DAYS,
          })}
          error={errorText(errors.validDays)}
          {...register('validDays', { setValueAs: numberOf })}
        />
        <FailureAlert error={failure} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending && <Spinner label={t('school-admin.working')} />}
            {t('school-admin.new-code-submit')}
          </button>
        </div>
      </form>
      <NoticeRegion {...notice} />
    </section>
  );
}

/** The code just made ('your new code is: {code}'), to copy, and whether it was e-mailed. */
function NewCodeNotice({ created }: { created: NewCode }) {
  const t = useT();
  return (
    <div className="school-admin-new-code">
      <p className="school-admin-alert-text">{t('school-admin.new-code', { code: created.code })}</p>
      {created.email && (
        <p className="school-admin-alert-text">
          {created.mailed
            ? t('school-admin.new-code-mailed', { email: created.email })
            : t('school-admin.new-code-not-mailed', { email: created.email })}
        </p>
      )}
      <CopyButton text={created.code}>{t('school-admin.copy-code')}</CopyButton>
    </div>
  );
}

/** The state of a teacher code in words: unused, used by whom, or expired. */
function CodeState({ code }: { code: TeacherRegCode }) {
  const t = useT();
  if (code.status === 'used')
    return (
      <span className="school-admin-badge school-admin-badge-used">
        {code.usedBy
          ? t('school-admin.code-used-by', { name: personName(code.usedBy, t) })
          : t('school-admin.code-used')}
      </span>
    );
  return (
    <span className={`school-admin-badge school-admin-badge-${code.status}`}>
      {code.status === 'unused' ? t('school-admin.code-unused') : t('school-admin.code-expired')}
    </span>
  );
}

/** The teacher codes, newest first: each code copies itself when clicked, then its expiry and its state. */
function CodesTable({ codes }: { codes: readonly TeacherRegCode[] }) {
  const t = useT();
  return (
    <SchoolTable caption={t('school-admin.codes-caption')}>
      <thead>
        <tr>
          <th scope="col">{t('school-admin.col-code')}</th>
          <th scope="col">{t('school-admin.col-expires')}</th>
          <th scope="col">{t('school-admin.col-created')}</th>
          <th scope="col">{t('school-admin.col-state')}</th>
        </tr>
      </thead>
      <tbody>
        {codes.map((code) => (
          <tr key={code.code}>
            <th scope="row" className="school-admin-code-cell">
              <CopyButton text={code.code}>
                <span className="school-admin-code">{code.code}</span>
                <span className="visually-hidden"> {t('school-admin.copy-suffix')}</span>
              </CopyButton>
            </th>
            <td className="school-admin-day">{dayText(code.codeExpiration)}</td>
            <td className="school-admin-day">{dayText(code.createdAt)}</td>
            <td>
              <CodeState code={code} />
            </td>
          </tr>
        ))}
      </tbody>
    </SchoolTable>
  );
}
