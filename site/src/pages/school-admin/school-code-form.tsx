import { zodResolver } from '@hookform/resolvers/zod';
import { SetSchoolRegCodeSchema, type SchoolSubscription } from '@kib/core';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useT } from '../../i18n/language';
import { Field } from '../../ui/field';
import { FailureAlert, useAddSubmit, useFieldErrorText } from '../../ui/form-submit';
import { Spinner } from '../../ui/spinner';
import { useRedeemSchoolCode, type SchoolScope } from './school-admin-data';

/** The longest school code the server reads (after dropping spaces). */
const CODE_MAX = 20;

const CodeSchema = SetSchoolRegCodeSchema.pick({ regCode: true });
type CodeInput = z.input<typeof CodeSchema>;
type CodeValues = z.output<typeof CodeSchema>;

/**
 * The school code form (POST setSchoolRegCode/): the code Kib's platform administrator made for the
 * school's plan, typed with or without spaces. A refused code (unknown, spent, expired, too many
 * tries) is explained under the field in the server's words, anything else in an alert; a redeemed
 * one starts the plan, or adds its students and time to the plan running, and is handed to
 * `onRedeemed`. The form is named by the heading `labelledBy`.
 */
export function SchoolCodeForm({
  scope,
  institutionId,
  labelledBy,
  submitLabel,
  onRedeemed,
}: {
  scope: SchoolScope;
  institutionId: number;
  labelledBy: string;
  submitLabel: string;
  onRedeemed: (subscription: SchoolSubscription) => void;
}) {
  const t = useT();
  const errorText = useFieldErrorText();
  const redeem = useRedeemSchoolCode(scope, institutionId);
  const form = useForm<CodeInput, unknown, CodeValues>({
    resolver: zodResolver(CodeSchema),
    defaultValues: { regCode: '' },
  });
  const {
    register,
    reset,
    formState: { errors },
  } = form;
  const { failure, onSubmit } = useAddSubmit(form, ['regCode'], async ({ regCode }) => {
    const answer = await redeem.mutateAsync(regCode);
    reset();
    onRedeemed(answer.subscription);
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={labelledBy}>
      <Field
        label={t('school-admin.school-code')}
        hint={t('school-admin.school-code-hint')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        error={errorText(errors.regCode, CODE_MAX)}
        {...register('regCode')}
      />
      <FailureAlert error={failure} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={redeem.isPending}>
          {redeem.isPending && <Spinner label={t('school-admin.working')} />}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
