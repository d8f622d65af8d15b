import { ApiError } from '@kib/api-client';
import {
  TEMP_STUDENT_CODE_MAX_LENGTH,
  TEMP_STUDENT_NAME_MAX_LENGTH,
  type TempStudentRegistration,
} from '@kib/core';
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
import { isWrongCode } from './code-api';

const RegisterSchema = z.object({
  firstName: z.string().trim().max(TEMP_STUDENT_NAME_MAX_LENGTH, 'validation.too-long'),
  lastName: z.string().trim().max(TEMP_STUDENT_NAME_MAX_LENGTH, 'validation.too-long'),
  studentCode: z.string().trim().max(TEMP_STUDENT_CODE_MAX_LENGTH, 'validation.too-long'),
});

type RegisterValues = z.infer<typeof RegisterSchema>;

/** The server's field names (snake_case on the wire) to the form's. */
const FIELDS: Record<string, keyof RegisterValues> = {
  first_name: 'firstName',
  last_name: 'lastName',
  student_code: 'studentCode',
};

/**
 * The student's name form after a valid student code (spec 03 §2, §5): first name, last name and an
 * optional personal code, then Registrar. Both names empty is allowed: the student joins anonymously.
 */
export function CodeRegister({
  moduleCode,
  moduleName,
  onRegistered,
  onWrongCode,
  onBack,
}: {
  moduleCode: string;
  moduleName: string;
  onRegistered: (registration: TempStudentRegistration) => void;
  /** The code stopped working meanwhile (the activity expired). */
  onWrongCode: () => void;
  onBack: () => void;
}) {
  const t = useT();
  useDocumentTitle(t('code.title'));
  const api = useApi();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<RegisterValues>({
    resolver: zodResolver(RegisterSchema),
    defaultValues: { firstName: '', lastName: '', studentCode: '' },
  });

  // The screen changed under the reader: start them at its heading.
  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);

  const join = useMutation({
    mutationFn: (values: RegisterValues) =>
      api.endpoints.registerTempStudent({ body: { moduleCode, ...values } }),
    onSuccess: onRegistered,
    onError: (error) => {
      if (isWrongCode(error)) return onWrongCode();
      const fields = error instanceof ApiError ? Object.entries(error.fields) : [];
      const known = fields.filter(([name]) => FIELDS[name]);
      if (known.length > 0) {
        for (const [name, messages] of known) setError(FIELDS[name]!, { message: messages[0] });
        setFocus(FIELDS[known[0]![0]]!);
      } else {
        setFailure(errorMessage(error, t));
      }
    },
  });

  const onSubmit = handleSubmit((values) => {
    setFailure(null);
    join.mutate(values);
  });

  const message = (key: keyof RegisterValues, max: number) => {
    const text = errors[key]?.message;
    return text ? (text.startsWith('validation.') ? t(text, { max }) : text) : undefined;
  };
  return (
    <div className="container page narrow code-page">
      <p className="code-eyebrow">{moduleName}</p>
      <h1 ref={headingRef} tabIndex={-1}>
        {t('code.register-title')}
      </h1>
      <p className="code-lead">{t('code.register-lead')}</p>
      <form onSubmit={onSubmit} noValidate className="card code-form">
        <Field
          label={t('code.first-name')}
          autoComplete="given-name"
          error={message('firstName', TEMP_STUDENT_NAME_MAX_LENGTH)}
          {...register('firstName')}
        />
        <Field
          label={t('code.last-name')}
          autoComplete="family-name"
          error={message('lastName', TEMP_STUDENT_NAME_MAX_LENGTH)}
          {...register('lastName')}
        />
        <Field
          label={t('code.student-code')}
          hint={t('code.student-code-hint')}
          autoComplete="off"
          spellCheck={false}
          error={message('studentCode', TEMP_STUDENT_CODE_MAX_LENGTH)}
          {...register('studentCode')}
        />
        <div className="form-actions code-actions">
          <button type="submit" className="button button-primary" disabled={join.isPending}>
            {join.isPending && <Spinner label={t('code.registering')} />}
            {t('code.register-submit')}
          </button>
          <button type="button" className="button button-secondary" onClick={onBack}>
            {t('code.change-code')}
          </button>
        </div>
      </form>
      <div ref={failureRef} tabIndex={-1} className="code-result">
        {failure && <Alert tone="danger">{failure}</Alert>}
      </div>
    </div>
  );
}
