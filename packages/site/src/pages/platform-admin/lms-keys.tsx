import type { LtiToolKey } from '@kib/core';
import { useState } from 'react';
import { useT } from '../../i18n/language';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { LTI_ADMIN, useRegistrationChange } from './lti-admin-data';
import {
  dateText,
  DEFAULT_GRACE,
  FailureAlert,
  GraceHoursField,
  graceHoursOf,
  ScrollTable,
  serverFieldError,
} from './lms-ui';

/**
 * "Kib's signing keys": the keys Kib publishes for LTI 1.3 (the active one signs; replaced ones
 * stay published until they retire) and Rotate key, confirmed first with its grace period.
 */
export function KeysSection({
  keys,
  onNotice,
}: {
  keys: readonly LtiToolKey[];
  onNotice: (text: string) => void;
}) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const [grace, setGrace] = useState(DEFAULT_GRACE);
  const rotate = useRegistrationChange(LTI_ADMIN.rotateKey);

  const confirmRotate = () =>
    rotate.mutate(
      { graceHours: graceHoursOf(grace) },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          onNotice(t('platform-admin.key-rotated', { kid: answer.kid }));
        },
      },
    );

  return (
    <section className="lms-section" aria-labelledby="lms-keys">
      <h2 id="lms-keys">{t('platform-admin.keys-title')}</h2>
      <p className="lms-lead">{t('platform-admin.keys-lead')}</p>
      <ScrollTable caption={t('platform-admin.keys-caption')}>
        <thead>
          <tr>
            <th scope="col">{t('platform-admin.key-id')}</th>
            <th scope="col">{t('platform-admin.key-created')}</th>
            <th scope="col">{t('platform-admin.key-active')}</th>
            <th scope="col">{t('platform-admin.key-retires')}</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.kid}>
              <th scope="row" className="lms-code-cell">
                {key.kid}
              </th>
              <td>{dateText(key.createdAt)}</td>
              <td>{key.active ? t('platform-admin.key-active-yes') : t('platform-admin.key-active-no')}</td>
              <td>{key.retiresAt ? dateText(key.retiresAt) : t('platform-admin.key-retires-never')}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      <div className="form-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            rotate.reset();
            setGrace(DEFAULT_GRACE);
            setConfirming(true);
          }}
        >
          {t('platform-admin.rotate-key')}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('platform-admin.rotate-key-title')}
        confirmLabel={t('platform-admin.rotate-key')}
        pendingLabel={t('platform-admin.working')}
        pending={rotate.isPending}
        onConfirm={confirmRotate}
        onCancel={() => setConfirming(false)}
      >
        <p>{t('platform-admin.rotate-key-text')}</p>
        <GraceHoursField
          value={grace}
          onChange={setGrace}
          error={serverFieldError(rotate.error, 'grace_hours')}
          hint={t('platform-admin.rotate-key-grace-hint')}
        />
        <FailureAlert error={rotate.error} fields={['grace_hours']} />
      </ConfirmDialog>
    </section>
  );
}
