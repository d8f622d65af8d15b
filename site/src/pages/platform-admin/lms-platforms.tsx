import { zodResolver } from '@hookform/resolvers/zod';
import { AddLtiPlatformSchema, LTI_MAX_DEPLOYMENTS, type LtiPlatformRegistration } from '@kib/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useT } from '../../i18n/language';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Field, TextAreaField } from '../../ui/field';
import { LTI_ADMIN, useRegistrationChange } from './lti-admin-data';
import { NameField, OriginsField, RegistrationsSection } from './lms-registrations';
import { AddForm, linesOf, serverFieldError, TextList, useConfirmedChange } from './lms-ui';
import { FailureAlert, useAddSubmit, useFieldErrorText } from '../../ui/form-submit';

/**
 * "LTI 1.3 platforms": the platforms with their issuer, client id, deployments, origins and state,
 * each with Add deployment and Disable (confirmed first) or Enable, and the form that adds one.
 */
export function PlatformsSection({
  platforms,
  onNotice,
}: {
  platforms: readonly LtiPlatformRegistration[];
  onNotice: (text: string) => void;
}) {
  const t = useT();
  const [deployment, setDeployment] = useState('');
  const addDeployment = useConfirmedChange({
    change: LTI_ADMIN.addDeployment,
    inputOf: (platform: LtiPlatformRegistration) => ({ id: platform.id, deploymentId: deployment }),
    onDone: (platform) =>
      onNotice(t('platform-admin.deployment-added', { deployment: deployment.trim(), name: platform.name })),
  });
  return (
    <RegistrationsSection
      id="lms-lti13"
      title={t('platform-admin.lti13-title')}
      lead={t('platform-admin.lti13-lead')}
      caption={t('platform-admin.platforms-caption')}
      empty={t('platform-admin.platforms-empty')}
      rows={platforms}
      rowKey={(platform) => platform.id}
      columns={[
        { header: t('platform-admin.name'), cell: (platform) => platform.name },
        { header: t('platform-admin.issuer'), cell: (platform) => platform.issuer, code: true },
        { header: t('platform-admin.client-id'), cell: (platform) => platform.clientId, code: true },
        {
          header: t('platform-admin.deployments'),
          cell: (platform) => (
            <TextList items={platform.deployments} empty={t('platform-admin.deployments-none')} />
          ),
        },
      ]}
      action={{
        label: t('platform-admin.add-deployment'),
        onClick: (platform) => {
          setDeployment('');
          addDeployment.ask(platform);
        },
      }}
      enabled={{
        change: LTI_ADMIN.setPlatformEnabled,
        inputOf: (platform, enabled) => ({ id: platform.id, enabled }),
        nameOf: (platform) => platform.name,
        notice: (name, enabled) =>
          t(enabled ? 'platform-admin.platform-enabled' : 'platform-admin.platform-disabled', { name }),
        onNotice,
      }}
      disableTitle={(name) => t('platform-admin.disable-platform-title', { name })}
      disableText={t('platform-admin.disable-platform-text')}
    >
      <AddPlatformForm
        onAdded={(platform) => onNotice(t('platform-admin.platform-added', { name: platform.name }))}
      />

      <ConfirmDialog
        {...addDeployment.dialog}
        title={t('platform-admin.add-deployment-title', { name: addDeployment.target?.name ?? '' })}
        confirmLabel={t('platform-admin.add-deployment')}
      >
        <Field
          label={t('platform-admin.deployment-id')}
          autoComplete="off"
          spellCheck={false}
          value={deployment}
          onChange={(event) => setDeployment(event.target.value)}
          hint={t('platform-admin.deployment-id-hint')}
          error={serverFieldError(addDeployment.mutation.error, 'deployment_id')}
        />
        <FailureAlert error={addDeployment.mutation.error} fields={['deployment_id']} />
      </ConfirmDialog>
    </RegistrationsSection>
  );
}

const PLATFORM_FIELDS = [
  'name',
  'issuer',
  'clientId',
  'authLoginUrl',
  'authTokenUrl',
  'jwksUrl',
  'allowedOrigins',
  'deployments',
] as const;

/** The form that registers an LMS for LTI 1.3 with what its tool configuration shows. */
function AddPlatformForm({ onAdded }: { onAdded: (platform: LtiPlatformRegistration) => void }) {
  const t = useT();
  const errorText = useFieldErrorText();
  const add = useRegistrationChange(LTI_ADMIN.addPlatform);
  const form = useForm({
    resolver: zodResolver(AddLtiPlatformSchema),
    defaultValues: {
      name: '',
      issuer: '',
      clientId: '',
      authLoginUrl: '',
      authTokenUrl: '',
      jwksUrl: '',
      allowedOrigins: [],
      deployments: [],
    },
  });
  const {
    register,
    reset,
    formState: { errors },
  } = form;
  const { failure, onSubmit } = useAddSubmit(form, PLATFORM_FIELDS, async (values) => {
    const platform = await add.mutateAsync(values);
    reset();
    onAdded(platform);
  });

  const url = (name: 'authLoginUrl' | 'authTokenUrl' | 'jwksUrl', label: string, hint: string) => (
    <Field
      label={label}
      type="url"
      inputMode="url"
      autoComplete="off"
      spellCheck={false}
      hint={hint}
      error={errorText(errors[name], 2000)}
      {...register(name)}
    />
  );

  return (
    <AddForm
      id="lms-add-platform"
      title={t('platform-admin.add-platform-title')}
      submitLabel={t('platform-admin.add-platform')}
      onSubmit={onSubmit}
      failure={failure}
      pending={add.isPending}
    >
      <p className="lms-note">{t('platform-admin.add-platform-lead')}</p>
      <NameField error={errors.name} {...register('name')} />
      <Field
        label={t('platform-admin.issuer')}
        autoComplete="off"
        spellCheck={false}
        hint={t('platform-admin.issuer-hint')}
        error={errorText(errors.issuer, 240)}
        {...register('issuer')}
      />
      <Field
        label={t('platform-admin.client-id')}
        autoComplete="off"
        spellCheck={false}
        hint={t('platform-admin.client-id-hint')}
        error={errorText(errors.clientId, 255)}
        {...register('clientId')}
      />
      {url('authLoginUrl', t('platform-admin.login-url'), t('platform-admin.login-url-hint'))}
      {url('authTokenUrl', t('platform-admin.token-url'), t('platform-admin.token-url-hint'))}
      {url('jwksUrl', t('platform-admin.jwks-url'), t('platform-admin.jwks-url-hint'))}
      <OriginsField
        rows={2}
        error={errors.allowedOrigins}
        {...register('allowedOrigins', { setValueAs: linesOf })}
      />
      <TextAreaField
        label={t('platform-admin.deployments')}
        rows={2}
        spellCheck={false}
        hint={t('platform-admin.deployments-hint')}
        error={errorText(errors.deployments, LTI_MAX_DEPLOYMENTS)}
        {...register('deployments', { setValueAs: linesOf })}
      />
    </AddForm>
  );
}
