import { ApiError } from '@kib/api-client';
import type { ModuleByCode } from '@kib/core';
import { useId, useState } from 'react';
import { useT } from '../../../i18n/language';
import { errorMessage } from '../../../ui/error-message';
import { Field } from '../../../ui/field';
import { useModuleByCode } from './module-data';
import { useModuleDraftStore } from './module-draft.store';

/** What the last clone did. */
type Outcome =
  | { kind: 'cloned'; name: string; added: number; skipped: number }
  | { kind: 'invalid' }
  | { kind: 'empty' }
  | { kind: 'failed'; error: unknown };

/** Did the server say that no module has this code? */
const isUnknownCode = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 404 || error.code === 'module-code-invalid' || error.code === 'validation');

/**
 * The builder's clone-by-code box (spec 02 "Module builder"): a module's activity code (spaces
 * removed) brings its problems into this module, after those already there and without repeating
 * any, and its name and description where this module has none yet. It says while it looks
 * ('loading'), when the code is wrong ('invalidCode') and what it added ('cloneSuccess').
 */
export function CloneByCode<T extends ModuleByCode>({
  find,
  onCloned,
}: {
  /** How the module is found (the teachers' GET module-by-code/ unless given). */
  find?: (code: string) => Promise<T>;
  /** Told of the module whose problems were brought in. */
  onCloned?: (found: T) => void;
} = {}) {
  const t = useT();
  const headingId = useId();
  const store = useModuleDraftStore();
  const lookup = useModuleByCode(find as ((code: string) => Promise<ModuleByCode>) | undefined);
  const [code, setCode] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const clone = () => {
    const clean = code.replace(/\s+/g, '').toUpperCase();
    if (!clean) {
      setOutcome({ kind: 'empty' });
      return;
    }
    setOutcome(null);
    lookup.mutate(clean, {
      onSuccess: (found) => {
        const draft = store.getState();
        const added = draft.addProblems(
          found.problems.map((p) => ({ id: p.id, title: p.title, numeralCount: p.numeralCount })),
        );
        if (!draft.name.trim() && found.name) draft.setName(found.name);
        if (!draft.description.trim() && found.description) draft.setDescription(found.description);
        setOutcome({ kind: 'cloned', name: found.name, added, skipped: found.problems.length - added });
        onCloned?.(found as T);
      },
      onError: (error) => setOutcome(isUnknownCode(error) ? { kind: 'invalid' } : { kind: 'failed', error }),
    });
  };

  const wrong = outcome?.kind === 'invalid' || outcome?.kind === 'empty';
  return (
    <form
      className="card modules-section modules-clone"
      aria-labelledby={headingId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!lookup.isPending) clone();
      }}
    >
      <h2 id={headingId}>{t('teacher-modules.clone-title')}</h2>
      <div className="modules-clone-row">
        <Field
          label={t('teacher-modules.clone-code')}
          placeholder={t('teacher-modules.clone-placeholder')}
          hint={t('teacher-modules.clone-hint')}
          autoComplete="off"
          spellCheck={false}
          value={code}
          error={
            outcome?.kind === 'invalid'
              ? t('teacher-modules.clone-invalid')
              : outcome?.kind === 'empty'
                ? t('teacher-modules.clone-empty')
                : undefined
          }
          onChange={(e) => setCode(e.target.value)}
        />
        <button type="submit" className="button button-secondary" disabled={lookup.isPending}>
          {t('teacher-modules.clone-submit')}
        </button>
      </div>
      <div role="status" className="modules-clone-status">
        {lookup.isPending ? (
          <p className="modules-clone-loading">
            <span className="spinner" aria-hidden="true">
              <span className="spinner-wheel" />
            </span>{' '}
            {t('teacher-modules.clone-loading')}
          </p>
        ) : outcome?.kind === 'cloned' ? (
          <p className="modules-clone-success">
            {outcome.added > 0
              ? t('teacher-modules.clone-success', { count: outcome.added, name: outcome.name })
              : t('teacher-modules.clone-nothing-new', { name: outcome.name })}
            {outcome.added > 0 &&
              outcome.skipped > 0 &&
              ` ${t('teacher-modules.clone-skipped', { count: outcome.skipped })}`}
          </p>
        ) : wrong ? (
          <span className="visually-hidden">
            {outcome.kind === 'invalid'
              ? t('teacher-modules.clone-invalid')
              : t('teacher-modules.clone-empty')}
          </span>
        ) : null}
      </div>
      <div role="alert">
        {outcome?.kind === 'failed' && <p className="field-error">{errorMessage(outcome.error, t)}</p>}
      </div>
    </form>
  );
}
