import type { Language } from '@kib/i18n';
import type { MouseEvent as ReactMouseEvent } from 'react';
import { messageText, useT, widgetLanguage } from '../shared/i18n';
import { MathLatex, MathText } from '../shared/math-text';
import { lineNumber, type MathConsoleController } from './math-console.controller';
import {
  displayedLatex,
  lineMark,
  solutionOrdinal,
  startsSolution,
  type EditorLine,
  type LineMark,
} from './math-console.logic';
import { MathLine } from './math-line';
import type { MathLiveModule } from './mathlive-setup';
import { RawLine } from './raw-line';

/** The answer lines, each in its editor with its mark, its buttons and its feedback. */
export function LineList({
  controller,
  mathLive,
  disabled,
  lang,
}: {
  controller: MathConsoleController;
  mathLive: MathLiveModule;
  disabled: boolean;
  lang?: Language;
}) {
  const t = useT(lang);
  return (
    <ol className="kib-math-console__lines" aria-label={t('math-console.lines')}>
      {controller.lines.map((line, index) => (
        <AnswerLine
          key={line.key}
          controller={controller}
          mathLive={mathLive}
          line={line}
          index={index}
          disabled={disabled}
          lang={lang}
        />
      ))}
    </ol>
  );
}

/**
 * One answer line: the heading of a new solution (a solve with several), the mark, the math field
 * or its raw LaTeX, the solution toggle (solve, from the second line) and the remove button.
 */
function AnswerLine({
  controller: c,
  mathLive,
  line,
  index,
  disabled,
  lang,
}: {
  controller: MathConsoleController;
  mathLive: MathLiveModule;
  line: EditorLine;
  index: number;
  disabled: boolean;
  lang?: Language;
}) {
  const t = useT(lang);
  const { lines, isSolve } = c;
  const mark = lineMark(line);
  const startsNew = startsSolution(lines, index);
  const message = line.feedback?.feedback ? messageText(t, line.feedback.feedback) : '';
  const part = mark === 'wrong' ? line.feedback?.highlightLatex : undefined;
  return (
    <li className={`kib-math-console__line kib-math-console__line--${mark}`}>
      {isSolve && c.solutions > 1 && (index === 0 || startsNew) ? (
        <p className="kib-math-console__solution">
          {t('math-console.solution', { n: solutionOrdinal(lines, index) })}
        </p>
      ) : null}
      <div className="kib-math-console__row">
        <span className="kib-math-console__mark" aria-hidden="true">
          {mark === 'correct' ? '☺' : mark === 'wrong' ? '☹' : ''}
        </span>
        <div className="kib-math-console__editor">
          {c.rawKeys.has(line.key) ? (
            <RawLine
              value={line.math}
              label={t('math-console.line-latex', lineNumber(index))}
              readOnly={disabled}
              onEdit={(math) => c.edit(index, math)}
              onKey={(event) => c.handleKey(index, event)}
              onFocus={() => c.focusLine(index)}
              register={c.register(line.key)}
            />
          ) : (
            <MathLine
              mathLive={mathLive}
              latex={displayedLatex(line)}
              language={widgetLanguage(lang)}
              label={t('math-console.line', lineNumber(index))}
              readOnly={disabled}
              shortcuts={c.shortcuts}
              keyboardPolicy={c.keyboardPolicy}
              onEdit={(math) => c.edit(index, math)}
              onKey={(event) => c.handleKey(index, event)}
              onCommit={() => c.commitLine(index)}
              onDeleteBackward={() => c.deleteBackward(index)}
              onFocus={() => c.focusLine(index)}
              register={c.register(line.key)}
            />
          )}
        </div>
        {isSolve && index === 0 ? <span className="kib-math-console__icon-spacer" /> : null}
        {isSolve && index > 0 ? (
          <button
            type="button"
            className="kib-button kib-math-console__icon"
            aria-pressed={startsNew}
            aria-label={t('math-console.new-solution', lineNumber(index))}
            title={t('math-console.new-solution', lineNumber(index))}
            disabled={disabled}
            onClick={() => c.toggleSolution(index)}
          >
            <BranchIcon />
          </button>
        ) : null}
        <button
          type="button"
          className="kib-button kib-math-console__icon"
          aria-label={t('math-console.remove-line', lineNumber(index))}
          title={t('math-console.remove-line', lineNumber(index))}
          disabled={disabled || lines.length <= 1}
          onClick={() => c.remove(index)}
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>
      {mark !== 'none' ? (
        <LineFeedback mark={mark} index={index} message={message} part={part} lang={lang} />
      ) : null}
    </li>
  );
}

/** A marked line's feedback: the mark in words (for screen readers), the message, the wrong part. */
function LineFeedback({
  mark,
  index,
  message,
  part,
  lang,
}: {
  mark: Exclude<LineMark, 'none'>;
  index: number;
  message: string;
  part: string | undefined;
  lang?: Language;
}) {
  const t = useT(lang);
  return (
    <div className={`kib-math-console__feedback kib-math-console__feedback--${mark}`}>
      <span className="kib-visually-hidden">
        {t(mark === 'correct' ? 'math-console.mark-correct' : 'math-console.mark-wrong', lineNumber(index))}
      </span>
      {message ? <MathText text={message} /> : null}
      {part ? (
        <span className="kib-math-console__part">
          {t('math-console.check-part')} <MathLatex latex={part} />
        </span>
      ) : null}
    </div>
  );
}

/** The console's toolbar: add a line, the virtual keyboard, the active line as LaTeX. */
export function ConsoleToolbar({
  controller: c,
  disabled,
  lang,
}: {
  controller: MathConsoleController;
  disabled: boolean;
  lang?: Language;
}) {
  const t = useT(lang);
  const loaded = c.mathLive !== null;
  return (
    <div className="kib-toolbar kib-math-console__toolbar">
      <button type="button" className="kib-button" disabled={disabled || !loaded} onClick={c.append}>
        <span aria-hidden="true">+ </span>
        {t('math-console.add-line')}
      </button>
      <button
        type="button"
        className="kib-button"
        aria-pressed={c.keyboardVisible}
        disabled={disabled || !loaded || c.activeRaw}
        onMouseDown={keepFocus}
        onClick={c.toggleKeyboard}
      >
        {t('math-console.keyboard')}
      </button>
      <button
        type="button"
        className="kib-button"
        aria-pressed={c.activeRaw}
        aria-label={`${t('math-console.latex-mode')} (${t('math-console.line', lineNumber(c.activeIndex))})`}
        disabled={!loaded}
        onMouseDown={keepFocus}
        onClick={() => c.toggleRaw(c.activeIndex)}
      >
        {t('math-console.latex-mode')}
      </button>
    </div>
  );
}

/** Toolbar buttons leave the focus in the line being edited. */
function keepFocus(event: ReactMouseEvent) {
  event.preventDefault();
}

function BranchIcon() {
  return (
    <svg
      aria-hidden="true"
      width="20"
      height="20"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="5" cy="4" r="2" />
      <circle cx="5" cy="16" r="2" />
      <circle cx="15" cy="9" r="2" />
      <path d="M5 6v8M5 12c0-3 4-3 8-3" />
    </svg>
  );
}
