import {
  intervalsLatex,
  type AuthoringCheck,
  type ChoiceDraft,
  type CreatorProblemAnswer,
  type MathType,
  type MathTypeDataOf,
  type NumeralDraft,
  type Problem,
  type ProblemDraft,
  type StepDraft,
} from '@kib/core';
import { MathText } from '@kib/widgets';
import { useId, useState, type ReactNode } from 'react';
import { useT, type Translate } from '../../../i18n/language';
import { draftAsProblem } from '../draft-try';
import { kebab } from '../math-type-forms/fields';
import { reasonText } from '../tool-ui';
import { TryDraftDialog } from '../try-draft-dialog';

/** A reason as a sentence of its own: its first letter capitalised. */
const sentence = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** LaTeX as the text MathText reads (math between dollar signs); empty stays empty. */
const math = (latex: string | null | undefined) => (latex && latex.trim() ? `$${latex}$` : '');

/** One fact of a record: its label (already translated) and its value, math or words. */
interface Fact {
  label: string;
  value: ReactNode;
}

const list = (items: readonly { latex: string }[]) => items.map((i) => i.latex).join(',\\ ');

/**
 * What a numeral's or step's record says, field by field, in the words of the creation tool's form:
 * the expressions, the unknowns, the points, the settings that change what is accepted. The table,
 * the choices and the answer itself are shown apart.
 */
function recordFacts(mathType: MathType, data: unknown, t: Translate): Fact[] {
  if (data === null || data === undefined) return [];
  const m = (label: string, latex: string | null | undefined): Fact[] =>
    latex && latex.trim() ? [{ label: t(label), value: <MathText text={math(latex)} /> }] : [];
  const words = (label: string, text: string): Fact => ({ label: t(label), value: text });
  const setting = (on: boolean | undefined, label: string): Fact[] =>
    on ? [words('creator-reviews.read.setting', t(label))] : [];
  const extras = (d: { constant?: { latex: string }[]; definedSymbols?: { latex: string }[] }) => [
    ...(d.constant?.length ? m('creator-reviews.read.constants', list(d.constant)) : []),
    ...(d.definedSymbols?.length ? m('creator-reviews.read.symbols', list(d.definedSymbols)) : []),
  ];
  switch (mathType) {
    case 'simplify': {
      const d = data as MathTypeDataOf<'simplify'>;
      return [
        ...m('creator.form.starting-expression', d.startingExpression),
        ...(d.form ? [words('creator.form.final-form', t(`creator.form.final-form-${kebab(d.form)}`))] : []),
        ...m('creator.form.interval', d.interval),
        ...extras(d),
        ...setting(d.exactExpr, 'creator.form.exact-expr'),
        ...setting(d.convertToDegrees, 'creator.form.convert-to-degrees'),
      ];
    }
    case 'solve': {
      const d = data as MathTypeDataOf<'solve'>;
      return [
        ...m('creator.form.equation', d.startingExpression),
        ...m('creator.form.unknown-variable', d.unknownVariable),
        ...m('creator.form.helping-expression', d.helpingExpression),
        ...m('creator.form.interval', d.interval),
        ...extras(d),
        ...setting(d.convertToDegrees, 'creator.form.convert-to-degrees'),
      ];
    }
    case 'functions': {
      const d = data as MathTypeDataOf<'functions'>;
      return [
        ...m('creator.form.function-expr', d.functionExpr),
        ...m('creator.form.x-value', d.xValue),
        ...m('creator.form.y-value', d.yValue),
        ...setting(d.convertToDegrees, 'creator.form.convert-to-degrees'),
      ];
    }
    case 'equationOfALine': {
      const d = data as MathTypeDataOf<'equationOfALine'>;
      const asked = [
        d.findM && t('creator.form.line-find-m'),
        d.findB && t('creator.form.line-find-b'),
        d.findEquation && t('creator.form.line-find-equation'),
      ].filter(Boolean);
      return [
        ...m('creator-reviews.read.points', `(${d.x1},${d.y1}),\\ (${d.x2},${d.y2})`),
        words('creator.form.line-find', asked.join(', ')),
      ];
    }
    case 'findExpression': {
      const d = data as MathTypeDataOf<'findExpression'>;
      return [
        ...m('creator.form.defining-equation', d.definingEquation),
        ...m('creator.form.expressed-variable', d.unknownVariable),
        ...extras(d),
      ];
    }
    case 'plotFunction':
      return m('creator.form.plot-function', (data as MathTypeDataOf<'plotFunction'>).function);
    case 'primeDecomposition': {
      const d = data as MathTypeDataOf<'primeDecomposition'>;
      return [
        ...m('creator.form.prime-numbers', list(d.numbers)),
        words('creator.form.decomp-type', t(`creator.form.decomp-type-${d.decompType.toLowerCase()}`)),
      ];
    }
    case 'intervals':
      return m('creator.form.intervals', intervalsLatex((data as MathTypeDataOf<'intervals'>).intervals));
    case 'tableSimple':
      return setting((data as MathTypeDataOf<'tableSimple'>).interval, 'creator.form.table-interval');
    default:
      return [];
  }
}

/** A table record as the student sees it, with every answer cell's expected answer in it, marked. */
function TableKey({ data }: { data: MathTypeDataOf<'tableSimple'> }) {
  const t = useT();
  const cell = (r: number, c: number) => data.tableData.find((x) => x.rIndex === r && x.cIndex === c);
  const rows = Array.from({ length: data.numRows }, (_, r) => r);
  const columns = Array.from({ length: data.numColumns }, (_, c) => c);
  return (
    <div className="modules-table-wrap" role="region" aria-label={t('creator.form.table')} tabIndex={0}>
      <table className="modules-table reviews-read-table">
        <caption className="visually-hidden">{t('creator-reviews.read.table-caption')}</caption>
        <tbody>
          {rows.map((r) => (
            <tr key={r}>
              {columns.map((c) => {
                const x = cell(r, c);
                if (!x) return <td key={c} />;
                if (x.cellType === 'mathAns')
                  return (
                    <td key={c} className="reviews-read-answer">
                      <span className="visually-hidden">{t('creator-reviews.read.answer-cell')} </span>
                      <MathText text={math(x.cellContent)} />
                    </td>
                  );
                // Headers are marked by their look: a header that is only math has no text axe can
                // read (it does not read MathML), though screen readers do.
                return (
                  <td
                    key={c}
                    className={x.cellType === 'headerText' ? 'reviews-read-header-cell' : undefined}
                  >
                    <MathText text={x.cellContent} />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A multiple choice's options, each said correct or not. */
function ChoicesKey({ choices }: { choices: ChoiceDraft[] }) {
  const t = useT();
  return (
    <ol className="reviews-read-choices">
      {choices.map((choice) => (
        <li key={choice.key} className={choice.correct ? 'reviews-read-correct' : undefined}>
          <MathText text={choice.text} />
          {choice.picture && ` (${t('creator-reviews.read.choice-picture')})`}
          {' — '}
          <strong>{t(choice.correct ? 'creator-reviews.read.correct' : 'creator-reviews.read.wrong')}</strong>
        </li>
      ))}
    </ol>
  );
}

/** What an item asks and what it accepts: its record, its answer as the checks read it, and their verdict. */
function ItemBody({
  item,
  check,
}: {
  item: Pick<NumeralDraft, 'mathType' | 'data' | 'choices'>;
  check: AuthoringCheck | undefined;
}) {
  const t = useT();
  const facts = recordFacts(item.mathType, item.data, t);
  return (
    <>
      {facts.length > 0 && (
        <dl className="reviews-read-facts">
          {facts.map((fact, i) => (
            <div key={i}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {item.mathType === 'tableSimple' && item.data !== null && (
        <TableKey data={item.data as MathTypeDataOf<'tableSimple'>} />
      )}
      {item.mathType === 'multipleChoice' && <ChoicesKey choices={item.choices} />}
      {item.mathType !== 'multipleChoice' && item.mathType !== 'tableSimple' && check?.answer && (
        <p className="reviews-read-key">
          <strong>{t('creator-reviews.read.answer')}</strong> <MathText text={math(check.answer)} />
        </p>
      )}
      {check && (
        <p className={check.ok ? 'reviews-read-pass' : 'reviews-read-fail'}>
          {check.ok ? t('creator-reviews.read.check-passed') : sentence(reasonText(check, t))}
        </p>
      )}
    </>
  );
}

/** The heading's id of numeral `n` (1-based) or of its step `s`, for links into the view. */
export const readItemId = (n: number, s?: number) => (s === undefined ? `read-n${n}` : `read-n${n}-s${s}`);

/**
 * A problem read whole, as a reviewer needs it (spec 02 §4 "Review"): its statement, each numeral's
 * question, hint and record with the answer the checker holds and the authoring check's verdict,
 * each step with its instruction and explanation, and "Probar", which solves the problem in the
 * browser. `onMention` (the supervisor's feedback) is offered each numeral's and step's place
 * ("Numeral 2, paso 1") to point at in the feedback.
 */
export function ProblemReadView({
  answer,
  onMention,
  headingLevel = 2,
}: {
  /** The problem as GET creator/problems/{id}/ answers it. */
  answer: Pick<CreatorProblemAnswer, 'authorId'> & { problem: object; checks?: readonly object[] | null };
  onMention?: (place: string) => void;
  headingLevel?: 2 | 3;
}) {
  const t = useT();
  const id = useId();
  const [trying, setTrying] = useState<Problem | null>(null);
  // The answer as the endpoint's schema reads it: every field of the draft and of its checks present.
  const problem = answer.problem as unknown as ProblemDraft;
  const checks = (answer.checks ?? null) as AuthoringCheck[] | null;
  const asProblem = draftAsProblem(problem, answer.authorId);
  const checkOf = (numeral: number, step: number | null) =>
    checks?.find((c) => c.numeral === numeral && c.step === step);
  const failing = checks?.filter((c) => !c.ok).length ?? 0;
  const Heading = `h${headingLevel}` as const;
  const ItemTitle = `h${headingLevel + 1}` as 'h3' | 'h4';
  const StepTitle = `h${headingLevel + 2}` as 'h4' | 'h5';
  const mention = (place: string) =>
    onMention && (
      <button
        type="button"
        className="button button-secondary reviews-read-mention"
        onClick={() => onMention(place)}
      >
        {t('creator-reviews.read.mention', { place })}
      </button>
    );
  const typeName = (mathType: MathType) => t(`math-types.${kebab(mathType)}`);
  const step = (s: StepDraft, n: number, k: number) => {
    const place = t('creator.place-step', { number: n, step: k });
    return (
      <li key={s.key} className="reviews-read-step">
        <StepTitle id={readItemId(n, k)} tabIndex={-1}>
          {t('creator-reviews.read.step', { step: k, type: typeName(s.mathType) })}
        </StepTitle>
        {s.instruction && <MathText className="reviews-read-text" text={s.instruction} />}
        <ItemBody item={s} check={checkOf(n, k)} />
        {s.explanation && (
          <p className="reviews-read-note">
            <strong>{t('creator-reviews.read.explanation')}</strong> <MathText text={s.explanation} />
          </p>
        )}
        {mention(place)}
      </li>
    );
  };
  return (
    <section className="card reviews-read" aria-labelledby={`${id}-title`}>
      <div className="reviews-read-header">
        <Heading id={`${id}-title`}>{t('creator-reviews.read.title')}</Heading>
        <button
          type="button"
          className="button button-primary"
          disabled={!asProblem}
          aria-describedby={asProblem ? undefined : `${id}-try-hint`}
          onClick={() => setTrying(asProblem)}
        >
          {t('creator-reviews.read.try')}
        </button>
      </div>
      {!asProblem && (
        <p id={`${id}-try-hint`} className="modules-hint">
          {t('creator-reviews.read.try-incomplete')}
        </p>
      )}
      {problem.description && <MathText className="reviews-read-text" text={problem.description} />}
      {checks && (
        <p className={failing === 0 ? 'reviews-read-pass' : 'reviews-read-fail'} role="status">
          {failing === 0
            ? t('creator-reviews.read.checks-all', { count: checks.length })
            : t('creator-reviews.read.checks-failing', { count: failing, total: checks.length })}
        </p>
      )}
      <ol className="reviews-read-numerals">
        {problem.numerals.map((numeral, i) => {
          const n = i + 1;
          return (
            <li key={numeral.key} className="reviews-read-numeral">
              <ItemTitle id={readItemId(n)} tabIndex={-1}>
                {t('creator-reviews.read.numeral', { number: n, type: typeName(numeral.mathType) })}
              </ItemTitle>
              <MathText className="reviews-read-text" text={numeral.question} />
              {numeral.initialHint && (
                <p className="reviews-read-note">
                  <strong>{t('creator-reviews.read.hint')}</strong> <MathText text={numeral.initialHint} />
                </p>
              )}
              <ItemBody item={numeral} check={checkOf(n, null)} />
              {mention(t('creator.place-numeral', { number: n }))}
              {numeral.steps.length > 0 && (
                <ol
                  className="reviews-read-steps"
                  aria-label={t('creator-reviews.read.steps', { number: n })}
                >
                  {numeral.steps.map((s, k) => step(s, n, k + 1))}
                </ol>
              )}
            </li>
          );
        })}
      </ol>
      <TryDraftDialog problem={trying} onClose={() => setTrying(null)} />
    </section>
  );
}
