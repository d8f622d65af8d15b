import { zodResolver } from '@hookform/resolvers/zod';
import {
  AddLtiPlatformSchema,
  LTI_MAX_DEPLOYMENTS,
  LTI_MAX_ORIGINS,
  type LtiPlatformRegistration,
} from '@kib/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useT } from '../../i18n/language';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Field, TextAreaField } from '../../ui/field';
import { applyServerFieldErrors } from '../../ui/form-errors';
import { Spinner } from '../../ui/spinner';
import { LTI_ADMIN, useRegistrationChange } from './lti-admin-data';
import {
  FailureAlert,
  linesOf,
  RowButton,
  ScrollTable,
  serverFieldError,
  StateBadge,
  TextList,
  useFieldErrorText,
} from './lms-ui';

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
  const [deploying, setDeploying] = useState<LtiPlatformRegistration | null>(null);
  const [deployment, setDeployment] = useState('');
  const [disabling, setDisabling] = useState<LtiPlatformRegistration | null>(null);
  const addDeployment = useRegistrationChange(LTI_ADMIN.addDeployment);
  const setEnabled = useRegistrationChange(LTI_ADMIN.setPlatformEnabled);

  const confirmDeployment = () => {
    if (!deploying) return;
    addDeployment.mutate(
      { id: deploying.id, deploymentId: deployment },
      {
        onSuccess: (platform) => {
          setDeploying(null);
          onNotice(
            t('platform-admin.deployment-added', { deployment: deployment.trim(), name: platform.name }),
          );
        },
      },
    );
  };
  const confirmDisable = () => {
    if (!disabling) return;
    setEnabled.mutate(
      { id: disabling.id, enabled: false },
      {
        onSuccess: (platform) => {
          setDisabling(null);
          onNotice(t('platform-admin.platform-disabled', { name: platform.name }));
        },
      },
    );
  };
  const enable = (platform: LtiPlatformRegistration) =>
    setEnabled.mutate(
      { id: platform.id, enabled: true },
      { onSuccess: () => onNotice(t('platform-admin.platform-enabled', { name: platform.name })) },
    );

  return (
    <section className="lms-section" aria-labelledby="lms-lti13">
      <h2 id="lms-lti13">{t('platform-admin.lti13-title')}</h2>
      <p className="lms-lead">{t('platform-admin.lti13-lead')}</p>
      {platforms.length === 0 ? (
        <p className="lms-empty">{t('platform-admin.platforms-empty')}</p>
      ) : (
        <ScrollTable caption={t('platform-admin.platforms-caption')}>
          <thead>
            <tr>
              <th scope="col">{t('platform-admin.name')}</th>
              <th scope="col">{t('platform-admin.issuer')}</th>
              <th scope="col">{t('platform-admin.client-id')}</th>
              <th scope="col">{t('platform-admin.deployments')}</th>
              <th scope="col">{t('platform-admin.origins')}</th>
              <th scope="col">{t('platform-admin.state')}</th>
              <th scope="col">{t('platform-admin.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {platforms.map((platform) => (
              <tr key={platform.id}>
                <th scope="row">{platform.name}</th>
                <td className="lms-code-cell">{platform.issuer}</td>
                <td className="lms-code-cell">{platform.clientId}</td>
                <td>
                  <TextList items={platform.deployments} empty={t('platform-admin.deployments-none')} />
                </td>
                <td>
                  <TextList items={platform.allowedOrigins} empty={t('platform-admin.origins-none')} />
                </td>
                <td>
                  <StateBadge disabledAt={platform.disabledAt} />
                </td>
                <td>
                  <div className="lms-row-actions">
                    <RowButton
                      label={t('platform-admin.add-deployment')}
                      row={platform.name}
                      onClick={() => {
                        addDeployment.reset();
                        setDeployment('');
                        setDeploying(platform);
                      }}
                    />
                    {platform.disabledAt === null ? (
                      <RowButton
                        label={t('platform-admin.disable')}
                        row={platform.name}
                        onClick={() => {
                          setEnabled.reset();
                          setDisabling(platform);
                        }}
                      />
                    ) : (
                      <RowButton
                        label={t('platform-admin.enable')}
                        row={platform.name}
                        onClick={() => enable(platform)}
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
      <AddPlatformForm
        onAdded={(platform) => onNotice(t('platform-admin.platform-added', { name: platform.name }))}
      />

      <ConfirmDialog
        open={deploying !== null}
        title={t('platform-admin.add-deployment-title', { name: deploying?.name ?? '' })}
        confirmLabel={t('platform-admin.add-deployment')}
        pendingLabel={t('platform-admin.working')}
        pending={addDeployment.isPending}
        onConfirm={confirmDeployment}
        onCancel={() => setDeploying(null)}
      >
        <Field
          label={t('platform-admin.deployment-id')}
          autoComplete="off"
          spellCheck={false}
          value={deployment}
          onChange={(event) => setDeployment(event.target.value)}
          hint={t('platform-admin.deployment-id-hint')}
          error={serverFieldError(addDeployment.error, 'deployment_id')}
        />
        <FailureAlert error={addDeployment.error} fields={['deployment_id']} />
      </ConfirmDialog>

      <ConfirmDialog
        open={disabling !== null}
        title={t('platform-admin.disable-platform-title', { name: disabling?.name ?? '' })}
        confirmLabel={t('platform-admin.disable')}
        pendingLabel={t('platform-admin.working')}
        pending={setEnabled.isPending}
        onConfirm={confirmDisable}
        onCancel={() => setDisabling(null)}
      >
        <p>{t('platform-admin.disable-platform-text')}</p>
        <FailureAlert error={setEnabled.error} />
      </ConfirmDialog>
    </section>
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
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
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
  const [failure, setFailure] = useState<unknown>(null);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const platform = await add.mutateAsync(values);
      reset();
      onAdded(platform);
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, PLATFORM_FIELDS)) setFailure(error);
    }
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
    <form className="card lms-form" onSubmit={onSubmit} noValidate aria-labelledby="lms-add-platform">
      <h3 id="lms-add-platform">{t('platform-admin.add-platform-title')}</h3>
      <p className="lms-note">{t('platform-admin.add-platform-lead')}</p>
      <Field
        label={t('platform-admin.name')}
        autoComplete="off"
        hint={t('platform-admin.name-hint')}
        error={errorText(errors.name, 200)}
        {...register('name')}
      />
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
      <TextAreaField
        label={t('platform-admin.origins')}
        rows={2}
        spellCheck={false}
        hint={t('platform-admin.origins-hint')}
        error={errorText(errors.allowedOrigins, LTI_MAX_ORIGINS)}
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
      <FailureAlert error={failure} />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={add.isPending}>
          {add.isPending && <Spinner label={t('platform-admin.working')} />}
          {t('platform-admin.add-platform')}
        </button>
      </div>
    </form>
  );
}
