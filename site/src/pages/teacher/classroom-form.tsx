import { zodResolver } from '@hookform/resolvers/zod';
import {
  ClassroomInputSchema,
  DEFAULT_CLASSROOM_LEVEL_ID,
  type ClassroomInput,
  type TeacherClassroom,
  type TeacherData,
} from '@kib/core';
import { useEffect, useId, type Ref, type SelectHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useLanguage, useT } from '../../i18n/language';
import { Field, TextAreaField } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { FailureAlert, useAddSubmit, useFieldErrorText } from '../../ui/form-submit';
import { levelName, TEACHER_CHANGES, useTeacherChange, type ClassroomLevel } from './teacher-data';

/** The longest name and description the server keeps (ClassroomInputSchema). */
const NAME_MAX = 150;
const DESCRIPTION_MAX = 2000;

const CLASSROOM_FIELDS = ['name', 'description', 'levelId'] as const;

/** A classroom as the form checks it. */
type ClassroomValues = z.output<typeof ClassroomInputSchema>;

/** The cached data with a classroom put first (new) or in its place (changed). */
function withClassroom(data: TeacherData, saved: TeacherClassroom): TeacherData {
  const known = data.classrooms.some((classroom) => classroom.id === saved.id);
  return {
    ...data,
    classrooms: known
      ? data.classrooms.map((classroom) => (classroom.id === saved.id ? saved : classroom))
      : [saved, ...data.classrooms],
  };
}

/** A labelled list of the classroom levels, named in the reader's language, with its error under it. */
function LevelField({
  levels,
  error,
  ref,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & {
  levels: readonly ClassroomLevel[];
  error?: string;
  ref?: Ref<HTMLSelectElement>;
}) {
  const t = useT();
  const { language } = useLanguage();
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{t('teacher.level')}</label>
      <select
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...select}
      >
        {levels.map((level) => (
          <option key={level.id} value={level.id}>
            {levelName(level, language)}
          </option>
        ))}
      </select>
      {error && (
        <div id={`${id}-error`} className="field-error">
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * The form that creates a classroom, or changes `classroom` (prefilled): its name, description and
 * level, General preselected for a new one (spec 03 §9). The core schema checks it before sending; the
 * server's refusals (a blank or repeated name, spec 03 §5) land under their fields, anything else in
 * an alert. The name field takes the focus when the form opens.
 */
export function ClassroomForm({
  classroom,
  levels,
  onSaved,
  onCancel,
}: {
  classroom: TeacherClassroom | null;
  levels: readonly ClassroomLevel[];
  onSaved: (saved: TeacherClassroom) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const headingId = useId();
  const errorText = useFieldErrorText();
  const create = useTeacherChange(TEACHER_CHANGES.createClassroom, withClassroom);
  const update = useTeacherChange(TEACHER_CHANGES.updateClassroom, withClassroom);
  const defaultLevel = levels.some((level) => level.id === DEFAULT_CLASSROOM_LEVEL_ID)
    ? DEFAULT_CLASSROOM_LEVEL_ID
    : (levels[0]?.id ?? DEFAULT_CLASSROOM_LEVEL_ID);
  const form = useForm<ClassroomInput, unknown, ClassroomValues>({
    resolver: zodResolver(ClassroomInputSchema),
    defaultValues: classroom
      ? { name: classroom.name, description: classroom.description, levelId: classroom.levelId }
      : { name: '', description: '', levelId: defaultLevel },
  });
  const {
    register,
    setFocus,
    formState: { errors },
  } = form;
  const { failure, onSubmit } = useAddSubmit(
    form,
    CLASSROOM_FIELDS,
    async ({ name, description, levelId }) => {
      const fields = { name, description, levelId };
      onSaved(
        classroom
          ? await update.mutateAsync({ id: classroom.id, ...fields })
          : await create.mutateAsync(fields),
      );
    },
  );

  useEffect(() => {
    setFocus('name');
  }, [setFocus]);

  const pending = create.isPending || update.isPending;
  return (
    <form className="card teacher-form" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <h2 id={headingId}>
        {classroom ? t('teacher.edit-title', { name: classroom.name }) : t('teacher.create-title')}
      </h2>
      <Field
        label={t('teacher.name')}
        autoComplete="off"
        hint={t('teacher.name-hint')}
        error={errorText(errors.name, NAME_MAX)}
        {...register('name')}
      />
      <TextAreaField
        label={t('teacher.description')}
        rows={3}
        hint={t('teacher.description-hint')}
        error={errorText(errors.description, DESCRIPTION_MAX)}
        {...register('description')}
      />
      <LevelField
        levels={levels}
        error={errorText(errors.levelId)}
        {...register('levelId', { valueAsNumber: true })}
      />
      <FailureAlert error={failure} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={pending}>
          {pending && <Spinner label={t('teacher.working')} />}
          {classroom ? t('teacher.save') : t('teacher.create-submit')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('site.cancel')}
        </button>
      </div>
    </form>
  );
}
