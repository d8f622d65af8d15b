import { zodResolver } from '@hookform/resolvers/zod';
import { AddLtiConsumerSchema, LTI_MAX_ORIGINS, type LtiConsumerRegistration } from '@kib/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useT } from '../../i18n/language';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Field, TextAreaField } from '../../ui/field';
import { applyServerFieldErrors } from '../../ui/form-errors';
import { Spinner } from '../../ui/spinner';
import { LTI_ADMIN, useRegistrationChange } from './lti-admin-data';
import {
  dateText,
  DEFAULT_GRACE,
  FailureAlert,
  GraceHoursField,
  graceHoursOf,
  linesOf,
  RowButton,
  ScrollTable,
  SecretDialog,
  serverFieldError,
  StateBadge,
  TextList,
  useFieldErrorText,
} from './lms-ui';

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
  const [rotating, setRotating] = useState<LtiConsumerRegistration | null>(null);
  const [grace, setGrace] = useState(DEFAULT_GRACE);
  const [disabling, setDisabling] = useState<LtiConsumerRegistration | null>(null);
  const rotate = useRegistrationChange(LTI_ADMIN.rotateSecret);
  const setEnabled = useRegistrationChange(LTI_ADMIN.setConsumerEnabled);

  const confirmRotate = () => {
    if (!rotating) return;
    rotate.mutate(
      { key: rotating.consumerKey, graceHours: graceHoursOf(grace) },
      {
        onSuccess: (answer) => {
          setRotating(null);
          setSecret({ consumerKey: answer.consumer.consumerKey, secret: answer.secret });
          // The secret lives only in the dialog, not in the mutation's cache.
          rotate.reset();
        },
      },
    );
  };
  const confirmDisable = () => {
    if (!disabling) return;
    setEnabled.mutate(
      { key: disabling.consumerKey, enabled: false },
      {
        onSuccess: (consumer) => {
          setDisabling(null);
          onNotice(t('platform-admin.consumer-disabled', { key: consumer.consumerKey }));
        },
      },
    );
  };
  const enable = (consumer: LtiConsumerRegistration) =>
    setEnabled.mutate(
      { key: consumer.consumerKey, enabled: true },
      { onSuccess: () => onNotice(t('platform-admin.consumer-enabled', { key: consumer.consumerKey })) },
    );

  return (
    <section className="lms-section" aria-labelledby="lms-lti11">
      <h2 id="lms-lti11">{t('platform-admin.lti11-title')}</h2>
      <p className="lms-lead">{t('platform-admin.lti11-lead')}</p>
      {consumers.length === 0 ? (
        <p className="lms-empty">{t('platform-admin.consumers-empty')}</p>
      ) : (
        <ScrollTable caption={t('platform-admin.consumers-caption')}>
          <thead>
            <tr>
              <th scope="col">{t('platform-admin.consumer-key')}</th>
              <th scope="col">{t('platform-admin.name')}</th>
              <th scope="col">{t('platform-admin.origins')}</th>
              <th scope="col">{t('platform-admin.state')}</th>
              <th scope="col">{t('platform-admin.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {consumers.map((consumer) => (
              <tr key={consumer.consumerKey}>
                <th scope="row" className="lms-code-cell">
                  {consumer.consumerKey}
                </th>
                <td>{consumer.name}</td>
                <td>
                  <TextList items={consumer.allowedOrigins} empty={t('platform-admin.origins-none')} />
                </td>
                <td>
                  <StateBadge disabledAt={consumer.disabledAt} />
                  {consumer.previousSecretUntil && (
                    <p className="lms-note">
                      {t('platform-admin.old-secret-until', { date: dateText(consumer.previousSecretUntil) })}
                    </p>
                  )}
                </td>
                <td>
                  <div className="lms-row-actions">
                    <RowButton
                      label={t('platform-admin.rotate-secret')}
                      row={consumer.consumerKey}
                      onClick={() => {
                        rotate.reset();
                        setGrace(DEFAULT_GRACE);
                        setRotating(consumer);
                      }}
                    />
                    {consumer.disabledAt === null ? (
                      <RowButton
                        label={t('platform-admin.disable')}
                        row={consumer.consumerKey}
                        onClick={() => {
                          setEnabled.reset();
                          setDisabling(consumer);
                        }}
                      />
                    ) : (
                      <RowButton
                        label={t('platform-admin.enable')}
                        row={consumer.consumerKey}
                        onClick={() => enable(consumer)}
                      />
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      {!disabling && <FailureAlert error={setEnabled.error} />}
      <AddConsumerForm onAdded={setSecret} />

      <ConfirmDialog
        open={rotating !== null}
        title={t('platform-admin.rotate-secret-title', { key: rotating?.consumerKey ?? '' })}
        confirmLabel={t('platform-admin.rotate-secret')}
        pendingLabel={t('platform-admin.working')}
        pending={rotate.isPending}
        onConfirm={confirmRotate}
        onCancel={() => setRotating(null)}
      >
        <p>{t('platform-admin.rotate-secret-text')}</p>
        <GraceHoursField
          value={grace}
          onChange={setGrace}
          error={serverFieldError(rotate.error, 'grace_hours')}
          hint={t('platform-admin.rotate-secret-grace-hint')}
        />
        <FailureAlert error={rotate.error} fields={['grace_hours']} />
      </ConfirmDialog>

      <ConfirmDialog
        open={disabling !== null}
        title={t('platform-admin.disable-consumer-title', { key: disabling?.consumerKey ?? '' })}
        confirmLabel={t('platform-admin.disable')}
        pendingLabel={t('platform-admin.working')}
        pending={setEnabled.isPending}
        onConfirm={confirmDisable}
        onCancel={() => setDisabling(null)}
      >
        <p>{t('platform-admin.disable-consumer-text')}</p>
        <FailureAlert error={setEnabled.error} />
      </ConfirmDialog>

      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
    </section>
  );
}

const CONSUMER_FIELDS = ['consumerKey', 'name', 'allowedOrigins'] as const;

/** The form that registers an LMS for LTI 1.1; Kib makes its secret and `onAdded` shows it. */
function AddConsumerForm({ onAdded }: { onAdded: (shown: { consumerKey: string; secret: string }) => void }) {
  const t = useT();
  const errorText = useFieldErrorText();
  const add = useRegistrationChange(LTI_ADMIN.addConsumer);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(AddLtiConsumerSchema),
    defaultValues: { consumerKey: '', name: '', allowedOrigins: [] },
  });
  const [failure, setFailure] = useState<unknown>(null);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await add.mutateAsync(values);
      reset();
      add.reset();
      onAdded({ consumerKey: answer.consumer.consumerKey, secret: answer.secret });
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, CONSUMER_FIELDS)) setFailure(error);
    }
  });

  return (
    <form className="card lms-form" onSubmit={onSubmit} noValidate aria-labelledby="lms-add-consumer">
      <h3 id="lms-add-consumer">{t('platform-admin.add-consumer-title')}</h3>
      <Field
        label={t('platform-admin.consumer-key')}
        autoComplete="off"
        spellCheck={false}
        hint={t('platform-admin.consumer-key-hint')}
        error={errorText(errors.consumerKey, 255)}
        {...register('consumerKey')}
      />
      <Field
        label={t('platform-admin.name')}
        autoComplete="off"
        hint={t('platform-admin.name-hint')}
        error={errorText(errors.name, 200)}
        {...register('name')}
      />
      <TextAreaField
        label={t('platform-admin.origins')}
        rows={3}
        spellCheck={false}
        hint={t('platform-admin.origins-hint')}
        error={errorText(errors.allowedOrigins, LTI_MAX_ORIGINS)}
        {...register('allowedOrigins', { setValueAs: linesOf })}
      />
      <FailureAlert error={failure} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={add.isPending}>
          {add.isPending && <Spinner label={t('platform-admin.working')} />}
          {t('platform-admin.add-consumer')}
        </button>
      </div>
    </form>
  );
}
