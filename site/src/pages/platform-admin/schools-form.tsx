import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@kib/api-client';
import { NewSchoolCodeSchema, SCHOOL_PLAN_MAX_STUDENTS, type SchoolCode } from '@kib/core';
import { useForm } from 'react-hook-form';
import { useT } from '../../i18n/language';
import { CopyButton } from '../../ui/copy-button';
import { Field } from '../../ui/field';
import { FailureAlert, useAddSubmit, useFieldErrorText } from '../../ui/form-submit';
import { Spinner } from '../../ui/spinner';
import { useCreateSchoolCode } from './schools-data';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A day as a date input gives it (`YYYY-MM-DD`, in the browser's time zone) as the instant its
 * validity ends, in ISO 8601: 23:59:59 local time that day. Undefined when no real day is given.
 */
export function endOfDayIso(day: unknown): string | undefined {
  const match = typeof day === 'string' ? DAY.exec(day) : null;
  if (!match) return undefined;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  const local = new Date(year, month - 1, date, 23, 59, 59);
  // 2030-02-31 rolls over to March: that is not the day typed.
  if (local.getFullYear() !== year || local.getMonth() !== month - 1 || local.getDate() !== date)
    return undefined;
  return local.toISOString();
}

/** Today in the browser's time zone, as a date input writes it: the earliest day a code may take. */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** A number input's text as a number; undefined when it is empty (the schema says it is required). */
const numberOf = (value: unknown) =>
  value === '' || value === undefined || value === null ? undefined : Number(value);

const FIELDS = ['institutionName', 'numberOfStudents', 'codeValidUntil', 'planValidUntil'] as const;
const DATE_FIELDS = ['codeValidUntil', 'planValidUntil'] as const;

const checkSchema = zodResolver(NewSchoolCodeSchema);

/** The core schema's check, where a date left empty is required rather than invalid. */
const checkNewSchoolCode: typeof checkSchema = async (values, context, options) => {
  const result = await checkSchema(values, context, options);
  for (const name of DATE_FIELDS) {
    const error = result.errors[name];
    if (error && !values[name]) result.errors[name] = { ...error, message: 'validation.required' };
  }
  return result;
};

/**
 * A failed call with only the first message of each field (spec 03 §8: the platform admin is shown
 * the first message); anything else as it is.
 */
function firstMessages(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([name, texts]) => [name, texts.slice(0, 1)]),
  );
  return new ApiError(error.status, error.code, error.detail, fields);
}

/**
 * "New school code" (spec 03 "Platform administrator landing"): institution name, number of
 * students, code valid until and plan valid until (days, each valid to its last second). Errors go
 * under their fields; a made code is handed to `onCreated` and the form is emptied.
 */
export function NewSchoolCodeForm({ onCreated }: { onCreated: (code: SchoolCode) => void }) {
  const t = useT();
  const errorText = useFieldErrorText();
  const create = useCreateSchoolCode();
  const form = useForm({
    resolver: checkNewSchoolCode,
    defaultValues: { institutionName: '', codeValidUntil: '', planValidUntil: '' },
  });
  const {
    register,
    reset,
    formState: { errors },
  } = form;
  const { failure, onSubmit } = useAddSubmit(form, FIELDS, async (values) => {
    let made: SchoolCode;
    try {
      made = await create.mutateAsync(values);
    } catch (error) {
      throw firstMessages(error);
    }
    reset();
    create.reset();
    onCreated(made);
  });
  const firstDay = today();

  return (
    <form className="card lms-form schools-form" onSubmit={onSubmit} noValidate aria-labelledby="schools-new">
      <h2 id="schools-new">{t('platform-admin.schools-new-title')}</h2>
      <Field
        label={t('platform-admin.schools-institution')}
        autoComplete="organization"
        maxLength={200}
        hint={t('platform-admin.schools-institution-hint')}
        error={errorText(errors.institutionName, 200)}
        {...register('institutionName')}
      />
      <Field
        label={t('platform-admin.schools-students')}
        type="number"
        inputMode="numeric"
        min={1}
        max={SCHOOL_PLAN_MAX_STUDENTS}
        step={1}
        hint={t('platform-admin.schools-students-hint')}
        error={errorText(errors.numberOfStudents)}
        {...register('numberOfStudents', { setValueAs: numberOf })}
      />
      <div className="schools-dates">
        <Field
          label={t('platform-admin.schools-code-until')}
          type="date"
          min={firstDay}
          hint={t('platform-admin.schools-code-until-hint')}
          error={errorText(errors.codeValidUntil)}
          {...register('codeValidUntil', { setValueAs: endOfDayIso })}
        />
        <Field
          label={t('platform-admin.schools-plan-until')}
          type="date"
          min={firstDay}
          hint={t('platform-admin.schools-plan-until-hint')}
          error={errorText(errors.planValidUntil)}
          {...register('planValidUntil', { setValueAs: endOfDayIso })}
        />
      </div>
      <FailureAlert error={failure} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={create.isPending}>
          {create.isPending && <Spinner label={t('platform-admin.working')} />}
          {t('platform-admin.schools-create')}
        </button>
      </div>
    </form>
  );
}

/**
 * The code just made, in large monospace with a copy button ("School code: K7P2QX"), for the
 * platform admin to hand to the school; `onClose` dismisses it.
 */
export function CreatedCodeNotice({ created, onClose }: { created: SchoolCode; onClose: () => void }) {
  const t = useT();
  return (
    <div className="alert alert-success schools-created">
      <div className="alert-body">
        <p className="schools-created-text">
          {t('platform-admin.schools-created', { name: created.institutionName })}
        </p>
        <p className="schools-created-code">
          {t('platform-admin.schools-code-label')} <code className="schools-new-code">{created.code}</code>
        </p>
        <CopyButton text={created.code}>{t('platform-admin.schools-copy-code')}</CopyButton>
      </div>
      <button type="button" className="alert-close" onClick={onClose} aria-label={t('site.close')}>
        ×
      </button>
    </div>
  );
}
