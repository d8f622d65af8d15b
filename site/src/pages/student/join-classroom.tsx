import { ApiError } from '@kib/api-client';
import type { JoinClassroomAnswer } from '@kib/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { useApi } from '../../app/api';
import { useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { Field } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { STUDENT_CLASSROOMS_KEY } from './student-data';
import { errorMessage } from '../../ui/error-message';

/** The longest code the server reads (after dropping spaces). */
const CODE_MAX_LENGTH = 32;

/**
 * A classroom code as typed: the server drops spaces and ignores case, so only emptiness and length
 * are checked here, on the same spaceless text.
 */
const JoinSchema = z.object({
  code: z
    .string()
    .transform((code) => code.replace(/\s+/g, ''))
    .pipe(z.string().min(1, 'validation.required').max(CODE_MAX_LENGTH, 'validation.too-long')),
});

type JoinInput = z.input<typeof JoinSchema>;
type JoinValues = z.output<typeof JoinSchema>;

/**
 * The add-a-classroom-by-code box (spec 01 §4): on success a message naming the classroom (or saying
 * the student was already in it) and the classroom list reloads; a wrong code is explained under the
 * field; any other failure (too many tries, no answer) in an alert.
 */
export function JoinClassroom() {
  const t = useT();
  const api = useApi();
  const queryClient = useQueryClient();
  const headingId = useId();
  const resultRef = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<JoinInput, unknown, JoinValues>({
    resolver: zodResolver(JoinSchema),
    defaultValues: { code: '' },
  });

  const join = useMutation({
    mutationFn: (code: string) => api.endpoints.joinClassroom({ body: { code } }),
    onSuccess: async () => {
      reset({ code: '' });
      await queryClient.invalidateQueries({ queryKey: STUDENT_CLASSROOMS_KEY });
    },
    onError: (error) => {
      const fieldMessage = error instanceof ApiError ? error.fields.code?.[0] : undefined;
      if (fieldMessage) {
        setError('code', { message: fieldMessage });
        setFocus('code');
      } else {
        setFailure(errorMessage(error, t));
      }
    },
  });

  const joined: JoinClassroomAnswer | undefined = join.data;
  // The result is announced by its live region; focus follows so keyboard users land on its link.
  useEffect(() => {
    if (joined || failure) resultRef.current?.focus();
  }, [joined, failure]);

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    join.mutate(values.code);
  });

  const codeError = errors.code?.message;
  return (
    <section className="card join-classroom" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('student.join-title')}</h2>
      <p className="student-lead">{t('student.join-intro')}</p>
      <form onSubmit={onSubmit} noValidate>
        <Field
          label={t('student.join-code-label')}
          hint={t('student.join-code-hint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={
            codeError
              ? codeError.startsWith('validation.')
                ? t(codeError, { max: CODE_MAX_LENGTH })
                : codeError
              : undefined
          }
          {...register('code', { onChange: () => setFailure(null) })}
        />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={join.isPending}>
            {join.isPending && <Spinner label={t('student.join-submitting')} />}
            {t('student.join-submit')}
          </button>
        </div>
      </form>
      <div ref={resultRef} tabIndex={-1} className="join-classroom-result">
        {joined && !join.isPending && (
          <Alert tone="success">
            <p className="student-alert-text">
              {t(joined.alreadyMember ? 'student.join-already' : 'student.join-success', {
                name: joined.classroom.name,
              })}
            </p>
            <Link to={`/student/classroom/${joined.classroom.id}`}>{t('student.join-open')}</Link>
          </Alert>
        )}
        {failure && <Alert tone="danger">{failure}</Alert>}
      </div>
    </section>
  );
}
