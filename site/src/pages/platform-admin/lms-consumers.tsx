import { zodResolver } from '@hookform/resolvers/zod';
import { AddLtiConsumerSchema, type LtiConsumerRegistration } from '@kib/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useT } from '../../i18n/language';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Field } from '../../ui/field';
import { LTI_ADMIN, useRegistrationChange } from './lti-admin-data';
import { NameField, OriginsField, RegistrationsSection } from './lms-registrations';
import {
  AddForm,
  dateText,
  GraceHoursField,
  linesOf,
  SecretDialog,
  useConfirmedChange,
  useGraceHours,
} from './lms-ui';
import { useAddSubmit, useFieldErrorText } from '../../ui/form-submit';

/**
 * "Moodle and other LMSs over LTI 1.1": the consumers with their origins and state, each with Rotate
 * secret and Disable (both confirmed first) or Enable, and the form that adds one. A new secret is
 * shown once, in a dialog.
 */
export function ConsumersSection({
  consumers,
  onNotice,
}: {
  consumers: readonly LtiConsumerRegistration[];
  onNotice: (text: string) => void;
}) {
  const t = useT();
  const [secret, setSecret] = useState<{ consumerKey: string; secret: string } | null>(null);
  const grace = useGraceHours();
  const rotate = useConfirmedChange({
    change: LTI_ADMIN.rotateSecret,
    inputOf: (consumer: LtiConsumerRegistration) => ({ key: consumer.consumerKey, graceHours: grace.hours }),
    onDone: (answer) => {
      setSecret({ consumerKey: answer.consumer.consumerKey, secret: answer.secret });
      // The secret lives only in the dialog, not in the mutation's cache.
      rotate.mutation.reset();
    },
  });
  return (
    <RegistrationsSection
      id="lms-lti11"
      title={t('platform-admin.lti11-title')}
      lead={t('platform-admin.lti11-lead')}
      caption={t('platform-admin.consumers-caption')}
      empty={t('platform-admin.consumers-empty')}
      rows={consumers}
      rowKey={(consumer) => consumer.consumerKey}
      columns={[
        { header: t('platform-admin.consumer-key'), cell: (consumer) => consumer.consumerKey, code: true },
        { header: t('platform-admin.name'), cell: (consumer) => consumer.name },
      ]}
      stateNote={(consumer) =>
        consumer.previousSecretUntil && (
          <p className="lms-note">
            {t('platform-admin.old-secret-until', { date: dateText(consumer.previousSecretUntil) })}
          </p>
        )
      }
      action={{
        label: t('platform-admin.rotate-secret'),
        onClick: (consumer) => {
          grace.reset();
          rotate.ask(consumer);
        },
      }}
      enabled={{
        change: LTI_ADMIN.setConsumerEnabled,
        inputOf: (consumer, enabled) => ({ key: consumer.consumerKey, enabled }),
        nameOf: (consumer) => consumer.consumerKey,
        notice: (key, enabled) =>
          t(enabled ? 'platform-admin.consumer-enabled' : 'platform-admin.consumer-disabled', { key }),
        onNotice,
      }}
      disableTitle={(key) => t('platform-admin.disable-consumer-title', { key })}
      disableText={t('platform-admin.disable-consumer-text')}
    >
      <AddConsumerForm onAdded={setSecret} />

      <ConfirmDialog
        {...rotate.dialog}
        title={t('platform-admin.rotate-secret-title', { key: rotate.target?.consumerKey ?? '' })}
        confirmLabel={t('platform-admin.rotate-secret')}
      >
        <p>{t('platform-admin.rotate-secret-text')}</p>
        <GraceHoursField
          grace={grace}
          failure={rotate.mutation.error}
          hint={t('platform-admin.rotate-secret-grace-hint')}
        />
      </ConfirmDialog>

      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
    </RegistrationsSection>
  );
}

const CONSUMER_FIELDS = ['consumerKey', 'name', 'allowedOrigins'] as const;

/** The form that registers an LMS for LTI 1.1; Kib makes its secret and `onAdded` shows it. */
function AddConsumerForm({ onAdded }: { onAdded: (shown: { consumerKey: string; secret: string }) => void }) {
  const t = useT();
  const errorText = useFieldErrorText();
  const add = useRegistrationChange(LTI_ADMIN.addConsumer);
  const form = useForm({
    resolver: zodResolver(AddLtiConsumerSchema),
    defaultValues: { consumerKey: '', name: '', allowedOrigins: [] },
  });
  const {
    register,
    reset,
    formState: { errors },
  } = form;
  const { failure, onSubmit } = useAddSubmit(form, CONSUMER_FIELDS, async (values) => {
    const answer = await add.mutateAsync(values);
    reset();
    add.reset();
    onAdded({ consumerKey: answer.consumer.consumerKey, secret: answer.secret });
  });

  return (
    <AddForm
      id="lms-add-consumer"
      title={t('platform-admin.add-consumer-title')}
      submitLabel={t('platform-admin.add-consumer')}
      onSubmit={onSubmit}
      failure={failure}
      pending={add.isPending}
    >
      <Field
        label={t('platform-admin.consumer-key')}
        autoComplete="off"
        spellCheck={false}
        hint={t('platform-admin.consumer-key-hint')}
        error={errorText(errors.consumerKey, 255)}
        {...register('consumerKey')}
      />
      <NameField error={errors.name} {...register('name')} />
      <OriginsField
        rows={3}
        error={errors.allowedOrigins}
        {...register('allowedOrigins', { setValueAs: linesOf })}
      />
    </AddForm>
  );
}
