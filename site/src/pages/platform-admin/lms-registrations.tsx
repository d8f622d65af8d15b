import { LTI_MAX_ORIGINS } from '@kib/core';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useT } from '../../i18n/language';
import { Field, TextAreaField } from '../../ui/field';
import {
  LmsSection,
  LmsTable,
  RowButton,
  StateBadge,
  TextList,
  useEnabledSwitch,
  type LmsColumn,
} from './lms-ui';
import { useFieldErrorText } from '../../ui/form-submit';

/** What every registration (an LTI 1.1 consumer, an LTI 1.3 platform) has to show in its table. */
interface Registration {
  allowedOrigins: readonly string[];
  disabledAt: string | null;
}

/**
 * The section of one LTI version's registrations: a table of its own `columns`, then each row's
 * origins, state (with `stateNote` under it) and actions (its `action`, then Disable, confirmed
 * first, or Enable). Under the table come the failure of an enabling, `children` (the add form and
 * the action's dialogs) and the dialog that asks before disabling: `disableTitle` of the row's name,
 * and `disableText`.
 */
export function RegistrationsSection<R extends Registration, I>({
  id,
  title,
  lead,
  caption,
  empty,
  rows,
  rowKey,
  columns,
  stateNote,
  action,
  enabled: enabledOptions,
  disableTitle,
  disableText,
  children,
}: {
  id: string;
  title: string;
  lead: string;
  caption: string;
  empty: string;
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /** The columns before origins, state and actions. */
  columns: readonly LmsColumn<R>[];
  stateNote?: (row: R) => ReactNode;
  /** The row's own action, named for screen readers by the row's name as the switch's button is. */
  action: { label: string; onClick: (row: R) => void };
  enabled: Parameters<typeof useEnabledSwitch<R, I>>[0];
  disableTitle: (name: string) => string;
  disableText: string;
  children: ReactNode;
}) {
  const t = useT();
  const enabled = useEnabledSwitch(enabledOptions);

  return (
    <LmsSection id={id} title={title} lead={lead}>
      <LmsTable
        caption={caption}
        empty={empty}
        rows={rows}
        rowKey={rowKey}
        columns={[
          ...columns,
          {
            header: t('platform-admin.origins'),
            cell: (row) => <TextList items={row.allowedOrigins} empty={t('platform-admin.origins-none')} />,
          },
          {
            header: t('platform-admin.state'),
            cell: (row) => (
              <>
                <StateBadge disabledAt={row.disabledAt} />
                {stateNote?.(row)}
              </>
            ),
          },
          {
            header: t('platform-admin.actions'),
            cell: (row) => (
              <div className="lms-row-actions">
                <RowButton
                  label={action.label}
                  row={enabledOptions.nameOf(row)}
                  onClick={() => action.onClick(row)}
                />
                {enabled.button(row)}
              </div>
            ),
          },
        ]}
      />
      {enabled.failure}
      {children}
      {enabled.dialog(disableTitle, disableText)}
    </LmsSection>
  );
}

/** A registration's name in its add form, with its hint and the form's `error` for it. */
export function NameField({ error, ...registration }: { error: unknown } & UseFormRegisterReturn) {
  const t = useT();
  const errorText = useFieldErrorText();
  return (
    <Field
      label={t('platform-admin.name')}
      autoComplete="off"
      hint={t('platform-admin.name-hint')}
      error={errorText(error, 200)}
      {...registration}
    />
  );
}

/** A registration's allowed origins in its add form, one a line, `rows` tall. */
export function OriginsField({
  rows,
  error,
  ...registration
}: { rows: number; error: unknown } & UseFormRegisterReturn) {
  const t = useT();
  const errorText = useFieldErrorText();
  return (
    <TextAreaField
      label={t('platform-admin.origins')}
      rows={rows}
      spellCheck={false}
      hint={t('platform-admin.origins-hint')}
      error={errorText(error, LTI_MAX_ORIGINS)}
      {...registration}
    />
  );
}
