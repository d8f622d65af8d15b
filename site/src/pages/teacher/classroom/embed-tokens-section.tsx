import { zodResolver } from '@hookform/resolvers/zod';
import {
  EMBED_TOKEN_MAX_DAYS,
  NewEmbedTokenSchema,
  type CreatedEmbedToken,
  type EmbedToken,
} from '@kib/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useApi } from '../../../app/api';
import { useT } from '../../../i18n/language';
import { Alert } from '../../../ui/alert';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { CopyButton } from '../../../ui/copy-button';
import { errorMessage } from '../../../ui/error-message';
import { Field } from '../../../ui/field';
import { Spinner } from '../../../ui/spinner';
import { classroomKey } from './classroom-data';

/** The lifetimes a teacher picks from, in days. */
const VALIDITY_DAYS = [30, 90, 180, EMBED_TOKEN_MAX_DAYS] as const;

const embedTokensKey = (classroomId: number) => [...classroomKey(classroomId), 'embed-tokens'] as const;

/** DD-MM-YYYY (spec 03 §9). */
function day(iso: string): string {
  const d = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getDate())}-${two(d.getMonth() + 1)}-${d.getFullYear()}`;
}

/**
 * The HTML a school pastes in its own page to show this classroom's dashboard: Kib's widget bundle
 * and a `<kib-classroom-overview>` element with the API address, the classroom and the token.
 */
export function embedSnippet(origin: string, classroomId: number, secret: string): string {
  return [
    `<script type="module" src="${origin}/widgets/kib-widgets.js"></script>`,
    `<kib-classroom-overview api-base="${origin}/api/" classroom-id="${classroomId}" token="${secret}" lang="es"></kib-classroom-overview>`,
  ].join('\n');
}

/**
 * "Show this classroom in another page": the classroom's embed tokens (read-only keys to its
 * dashboards for a school's intranet), made with a label and a lifetime, the secret and the HTML to
 * paste shown once, and each revoked after confirming.
 */
export function EmbedTokensSection({ classroomId }: { classroomId: number }) {
  const t = useT();
  const api = useApi();
  const queryClient = useQueryClient();
  const headingId = useId();
  const tokens = useQuery({
    queryKey: embedTokensKey(classroomId),
    queryFn: () => api.endpoints.embedTokens({ params: { id: String(classroomId) } }),
  });
  const [created, setCreated] = useState<CreatedEmbedToken | null>(null);
  const [revoking, setRevoking] = useState<EmbedToken | null>(null);
  const revoke = useMutation({
    mutationFn: (token: EmbedToken) =>
      api.endpoints.revokeEmbedToken({ params: { id: String(classroomId), tokenId: String(token.id) } }),
    onSettled: () => {
      setRevoking(null);
      void queryClient.invalidateQueries({ queryKey: embedTokensKey(classroomId) });
    },
  });

  return (
    <section className="teacher-embed" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('teacher-embed.title')}</h2>
      <p className="teacher-embed-lead">{t('teacher-embed.intro')}</p>
      <NewTokenForm
        classroomId={classroomId}
        onCreated={(answer) => {
          setCreated(answer);
          void queryClient.invalidateQueries({ queryKey: embedTokensKey(classroomId) });
        }}
      />
      {created && <CreatedToken classroomId={classroomId} created={created} />}
      {tokens.isError && <Alert tone="danger">{errorMessage(tokens.error, t)}</Alert>}
      {tokens.data && tokens.data.tokens.length > 0 && (
        <div className="teacher-table-wrap" role="group" aria-labelledby={`${headingId}-list`} tabIndex={0}>
          <table className="teacher-table">
            <caption id={`${headingId}-list`}>{t('teacher-embed.list-caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('teacher-embed.label')}</th>
                <th scope="col">{t('teacher-embed.created')}</th>
                <th scope="col">{t('teacher-embed.expires')}</th>
                <th scope="col">{t('teacher-embed.last-used')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('teacher-embed.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tokens.data.tokens.map((token) => (
                <tr key={token.id}>
                  <th scope="row">{token.label}</th>
                  <td>{day(token.createdAt)}</td>
                  <td>{day(token.expiresAt)}</td>
                  <td>{token.lastUsedAt ? day(token.lastUsedAt) : t('teacher-embed.never-used')}</td>
                  <td>
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={t('teacher-embed.revoke-named', { label: token.label })}
                      onClick={() => setRevoking(token)}
                    >
                      {t('teacher-embed.revoke')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {revoking && (
        <ConfirmDialog
          open
          title={t('teacher-embed.revoke-title', { label: revoking.label })}
          confirmLabel={t('teacher-embed.revoke')}
          pendingLabel={t('teacher-embed.revoking')}
          pending={revoke.isPending}
          onConfirm={() => revoke.mutate(revoking)}
          onCancel={() => setRevoking(null)}
        >
          <p>{t('teacher-embed.revoke-text')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** The form of a new token: what it is for and how long it lives. */
function NewTokenForm({
  classroomId,
  onCreated,
}: {
  classroomId: number;
  onCreated: (answer: CreatedEmbedToken) => void;
}) {
  const t = useT();
  const api = useApi();
  const validityId = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(NewEmbedTokenSchema),
    defaultValues: { label: '', validDays: EMBED_TOKEN_MAX_DAYS },
  });
  const create = useMutation({
    mutationFn: (body: { label: string; validDays: number }) =>
      api.endpoints.createEmbedToken({ params: { id: String(classroomId) }, body }),
    onSuccess: (answer) => {
      reset();
      onCreated(answer);
    },
  });
  return (
    <form
      className="teacher-embed-form"
      aria-label={t('teacher-embed.form')}
      noValidate
      onSubmit={handleSubmit((values) => create.mutate(values))}
    >
      <Field
        label={t('teacher-embed.label')}
        hint={t('teacher-embed.label-hint')}
        autoComplete="off"
        error={errors.label?.message && t(errors.label.message)}
        {...register('label')}
      />
      <div className="field">
        <label htmlFor={validityId}>{t('teacher-embed.validity')}</label>
        <select id={validityId} {...register('validDays', { valueAsNumber: true })}>
          {VALIDITY_DAYS.map((days) => (
            <option key={days} value={days}>
              {t('teacher-embed.days', { count: days })}
            </option>
          ))}
        </select>
      </div>
      {create.isError && <Alert tone="danger">{errorMessage(create.error, t)}</Alert>}
      <button type="submit" className="button button-primary" disabled={create.isPending}>
        {create.isPending ? <Spinner label={t('teacher-embed.creating')} /> : t('teacher-embed.create')}
      </button>
    </form>
  );
}

/** A token just made: its secret and the HTML to paste, shown this once. */
function CreatedToken({ classroomId, created }: { classroomId: number; created: CreatedEmbedToken }) {
  const t = useT();
  const snippet = embedSnippet(window.location.origin, classroomId, created.secret);
  return (
    <div className="teacher-embed-created" role="status">
      <p>
        <strong>{t('teacher-embed.created-title', { label: created.token.label })}</strong>{' '}
        {t('teacher-embed.created-once')}
      </p>
      <pre className="teacher-embed-snippet" tabIndex={0} aria-label={t('teacher-embed.snippet')}>
        <code>{snippet}</code>
      </pre>
      <div className="teacher-embed-copy">
        <CopyButton text={snippet}>{t('teacher-embed.copy-snippet')}</CopyButton>
        <CopyButton text={created.secret}>{t('teacher-embed.copy-token')}</CopyButton>
      </div>
    </div>
  );
}
