import type { LtiToolKey } from '@kib/core';
import { useT } from '../../i18n/language';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { LTI_ADMIN } from './lti-admin-data';
import { dateText, GraceHoursField, LmsSection, LmsTable, useConfirmedChange, useGraceHours } from './lms-ui';

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
  const grace = useGraceHours();
  const rotate = useConfirmedChange({
    change: LTI_ADMIN.rotateKey,
    inputOf: (_: true) => ({ graceHours: grace.hours }),
    onDone: (answer) => onNotice(t('platform-admin.key-rotated', { kid: answer.kid })),
  });

  return (
    <LmsSection id="lms-keys" title={t('platform-admin.keys-title')} lead={t('platform-admin.keys-lead')}>
      <LmsTable
        caption={t('platform-admin.keys-caption')}
        rows={keys}
        rowKey={(key) => key.kid}
        columns={[
          { header: t('platform-admin.key-id'), cell: (key) => key.kid, code: true },
          { header: t('platform-admin.key-created'), cell: (key) => dateText(key.createdAt) },
          {
            header: t('platform-admin.key-active'),
            cell: (key) =>
              key.active ? t('platform-admin.key-active-yes') : t('platform-admin.key-active-no'),
          },
          {
            header: t('platform-admin.key-retires'),
            cell: (key) => (key.retiresAt ? dateText(key.retiresAt) : t('platform-admin.key-retires-never')),
          },
        ]}
      />
      <div className="form-actions">
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            grace.reset();
            rotate.ask(true);
          }}
        >
          {t('platform-admin.rotate-key')}
        </button>
      </div>
      <ConfirmDialog
        {...rotate.dialog}
        title={t('platform-admin.rotate-key-title')}
        confirmLabel={t('platform-admin.rotate-key')}
      >
        <p>{t('platform-admin.rotate-key-text')}</p>
        <GraceHoursField
          grace={grace}
          failure={rotate.mutation.error}
          hint={t('platform-admin.rotate-key-grace-hint')}
        />
      </ConfirmDialog>
    </LmsSection>
  );
}
