import { ApiError } from '@kib/api-client';
import type { ModuleCodeStudentsAnswer, ModuleCodeTeachersAnswer } from '@kib/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useApi } from '../../app/api';
import { useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { errorMessage } from '../../ui/error-message';
import { Field } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { CODE_MAX_LENGTH, isWrongCode, normaliseCode } from './code-api';

/** Who is entering: a student opens the activity, a teacher its results. */
export type CodeRole = 'student' | 'teacher';

/** A message the entry screen starts with, after leaving or losing an activity. */
export type CodeNotice = 'left' | 'session-ended' | 'wrong-code';

/** The code as typed; the server reads it without spaces and ignores case, so the form does too. */
const EntrySchema = z.object({
  role: z.enum(['student', 'teacher']),
  code: z
    .string()
    .transform(normaliseCode)
    .pipe(z.string().min(1, 'validation.required').max(CODE_MAX_LENGTH, 'validation.too-long')),
});

type EntryInput = z.input<typeof EntrySchema>;
type EntryValues = z.output<typeof EntrySchema>;

type Opened =
  | { role: 'student'; code: string; answer: ModuleCodeStudentsAnswer }
  | { role: 'teacher'; code: string; answer: ModuleCodeTeachersAnswer };

/**
 * The activity-code form (spec 03 §2): the Estudiante/Profesor toggle, the code and Entrar. The
 * code is checked against the audience chosen; a wrong one shows 'Codigo erroneo!' under the field,
 * which takes the focus back so it can be corrected at once.
 */
export function CodeEntry({
  notice,
  onStudentCode,
  onTeacherCode,
}: {
  notice: CodeNotice | null;
  onStudentCode: (code: string, answer: ModuleCodeStudentsAnswer) => void;
  onTeacherCode: (code: string, answer: ModuleCodeTeachersAnswer) => void;
}) {
  const t = useT();
  useDocumentTitle(t('code.title'));
  const api = useApi();
  const failureRef = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    clearErrors,
    formState: { errors },
  } = useForm<EntryInput, unknown, EntryValues>({
    resolver: zodResolver(EntrySchema),
    defaultValues: { role: 'student', code: '' },
  });

  const open = useMutation({
    mutationFn: async ({ role, code }: EntryValues): Promise<Opened> =>
      role === 'student'
        ? { role, code, answer: await api.endpoints.validateStudentCode({ query: { moduleCode: code } }) }
        : { role, code, answer: await api.endpoints.validateTeacherCode({ query: { moduleCode: code } }) },
    onSuccess: (opened) => {
      if (opened.role === 'student') onStudentCode(opened.code, opened.answer);
      else onTeacherCode(opened.code, opened.answer);
    },
    onError: (error) => {
      if (isWrongCode(error)) {
        setError('code', { message: 'code.wrong-code' });
        setFocus('code');
      } else if (error instanceof ApiError && error.code === 'module-code-expired') {
        // The activity has ended: said under the field, apart from a wrong code.
        setError('code', { message: 'errors.module-code-expired' });
        setFocus('code');
      } else {
        setFailure(errorMessage(error, t));
      }
    },
  });

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    open.mutate(values);
  });

  const codeError = errors.code?.message;
  const noticeTone = notice === 'left' ? 'success' : notice === 'wrong-code' ? 'danger' : 'info';
  return (
    <div className="container page narrow code-page">
      <h1>{t('code.title')}</h1>
      <p className="code-lead">{t('code.intro')}</p>
      {notice && (
        <Alert tone={noticeTone}>{t(notice === 'wrong-code' ? 'code.wrong-code' : `code.${notice}`)}</Alert>
      )}
      <form onSubmit={onSubmit} noValidate className="card code-form">
        <fieldset className="code-roles">
          <legend>{t('code.role-legend')}</legend>
          <div className="code-toggle">
            {(['student', 'teacher'] as const).map((role) => (
              <label key={role} className="code-toggle-option">
                <input
                  type="radio"
                  value={role}
                  {...register('role', {
                    onChange: () => {
                      clearErrors('code');
                      setFailure(null);
                    },
                  })}
                />
                <span>{t(`code.role-${role}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <Field
          label={t('code.code-label')}
          hint={t('code.code-hint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={
            codeError
              ? codeError === 'code.wrong-code'
                ? `${t('code.wrong-code')} ${t('code.wrong-code-help')}`
                : t(codeError, { max: CODE_MAX_LENGTH })
              : undefined
          }
          {...register('code', { onChange: () => setFailure(null) })}
        />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={open.isPending}>
            {open.isPending && <Spinner label={t('code.checking')} />}
            {t('code.submit')}
          </button>
        </div>
      </form>
      <div ref={failureRef} tabIndex={-1} className="code-result">
        {failure && <Alert tone="danger">{failure}</Alert>}
      </div>
    </div>
  );
}
