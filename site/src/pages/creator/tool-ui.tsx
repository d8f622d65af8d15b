import type { AuthoringCheck, ProblemDraft } from '@kib/core';
import type { ReactNode, Ref } from 'react';
import { useT, type Translate } from '../../i18n/language';
import { issueAnchor, itemHeadingId, type DraftIssue } from './draft-check';

/** The words of an issue: the server's own, or its i18n key translated. */
export function useIssueText() {
  const t = useT();
  return (issue: DraftIssue | undefined) =>
    issue ? (issue.text ?? t(issue.message, issue.params)) : undefined;
}

/** Moves the focus to the element `id` names (or the first control inside it) and brings it into view. */
export function focusElement(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const control = target.matches('input, select, textarea, button, [tabindex]')
    ? target
    : (target.querySelector<HTMLElement>(
        'input, select, textarea, button, [contenteditable="true"], math-field, [tabindex]',
      ) ?? target);
  if (control === target && !target.matches('input, select, textarea, button, [tabindex]'))
    target.tabIndex = -1;
  control.focus();
  control.scrollIntoView?.({ block: 'center' });
}

/** Where an item is in the draft, as the creator reads it: 'Numeral 2', 'Numeral 2, step 1', or 'Problem'. */
export function placeName(
  draft: ProblemDraft,
  numeralKey: string | null,
  stepKey: string | null,
  t: Translate,
): string {
  if (numeralKey === null) return t('creator.place-problem');
  const n = draft.numerals.findIndex((x) => x.key === numeralKey);
  if (stepKey === null) return t('creator.place-numeral', { number: n + 1 });
  const s = draft.numerals[n]?.steps.findIndex((x) => x.key === stepKey) ?? -1;
  return t('creator.place-step', { number: n + 1, step: s + 1 });
}

/** The name of a field in the summary ('Question', 'Answer'…). */
function fieldName(issue: DraftIssue, t: Translate): string {
  return t(`creator.field-names.${issue.field}`);
}

/**
 * The list of what keeps the draft from being saved, each a link to its field (WCAG's error summary):
 * it takes the focus when shown (`ref`), so the creator hears how many things to fix.
 */
export function ErrorSummary({
  issues,
  other,
  draft,
  ref,
}: {
  issues: readonly DraftIssue[];
  other: readonly string[];
  draft: ProblemDraft;
  ref?: Ref<HTMLDivElement>;
}) {
  const t = useT();
  const text = useIssueText();
  if (issues.length === 0 && other.length === 0) return null;
  return (
    <div ref={ref} tabIndex={-1} className="alert alert-danger creator-summary" role="alert">
      <div className="alert-body">
        <h2 className="creator-summary-title">
          {t('creator.summary-title', { count: issues.length + other.length })}
        </h2>
        {other.map((line) => (
          <p key={line} className="teacher-alert-text">
            {line}
          </p>
        ))}
        {issues.length > 0 && (
          <ul>
            {issues.map((issue) => {
              const anchor = issueAnchor(issue);
              return (
                <li key={`${anchor}-${issue.message}`}>
                  <a
                    href={`#${anchor}`}
                    onClick={(event) => {
                      event.preventDefault();
                      focusElement(anchor);
                    }}
                  >
                    {placeName(draft, issue.numeralKey, issue.stepKey, t)} · {fieldName(issue, t)}:{' '}
                    {text(issue)}
                  </a>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

/** A failing authoring check's reason in the reader's language (its key and params), or a general one. */
export function reasonText(check: AuthoringCheck, t: Translate): string {
  if (!check.reason) return t('creator.check-failed');
  // A value that is the checker's feedback (a question test's) is said in its words.
  const params = Object.fromEntries(
    Object.entries(check.params ?? {}).map(([name, value]) => [
      name,
      typeof value === 'string' && /^feedback\.[a-z0-9-]+$/.test(value)
        ? t(value).replace(/\{\{[^}]+\}\}/g, '…')
        : value,
    ]),
  );
  const said = t(check.reason, params);
  return said === check.reason ? t('creator.check-failed') : said;
}

/**
 * The authoring checks that refused to publish (issue 14, item 4): the problem was saved as a draft,
 * and each numeral or step whose own answer failed its check is named, with why and a link to it.
 */
export function ChecksAlert({
  checks,
  draft,
  ref,
  onClose,
}: {
  checks: readonly AuthoringCheck[];
  draft: ProblemDraft;
  ref?: Ref<HTMLDivElement>;
  onClose: () => void;
}) {
  const t = useT();
  const failing = checks.filter((c) => !c.ok);
  const anchorOf = (check: AuthoringCheck) => {
    const known = draft.numerals.some((n) => n.key === check.key || n.steps.some((s) => s.key === check.key));
    if (known) return itemHeadingId(check.key);
    const numeral = draft.numerals[check.numeral - 1];
    const step = check.step === null ? undefined : numeral?.steps[check.step - 1];
    return itemHeadingId(step?.key ?? numeral?.key ?? '');
  };
  return (
    <div ref={ref} tabIndex={-1} className="alert alert-warning creator-checks" role="alert">
      <div className="alert-body">
        <h2 className="creator-summary-title">{t('creator.checks-title')}</h2>
        <p className="teacher-alert-text">{t('creator.checks-text')}</p>
        <ul>
          {failing.map((check) => {
            const anchor = anchorOf(check);
            const place =
              check.step === null
                ? t('creator.place-numeral', { number: check.numeral })
                : t('creator.place-step', { number: check.numeral, step: check.step });
            return (
              <li key={`${check.numeral}-${check.step ?? 0}`}>
                <a
                  href={`#${anchor}`}
                  onClick={(event) => {
                    event.preventDefault();
                    focusElement(anchor);
                  }}
                >
                  {place}: {reasonText(check, t)}
                </a>
              </li>
            );
          })}
        </ul>
      </div>
      <button type="button" className="alert-close" onClick={onClose} aria-label={t('site.close')}>
        ×
      </button>
    </div>
  );
}

/** A labelled box of the tool (a numeral, a step) whose heading the page can focus. */
export function ItemHeading({ id, level, children }: { id: string; level: 3 | 4; children: ReactNode }) {
  const Tag = level === 3 ? 'h3' : 'h4';
  return (
    <Tag id={id} tabIndex={-1} className="creator-item-heading">
      {children}
    </Tag>
  );
}
