import type { ReactNode } from 'react';
import { FeedbackBadge } from '../feedback-badge/feedback-badge';
import { WidgetStyles } from '../styles';
import { NumberLineBoard, type NumberLineMark } from './number-line-board';
import frameCss from './number-line-frame.css?inline';
import {
  numberLineHintKey,
  numberLineRangeParams,
  numberLineToolKey,
  type NumberLineFrameState,
  type NumberLineTool,
} from './number-line-console';

/** The glyphs of the tools every number-line console draws alike. */
const TOOL_ICONS: Record<Exclude<NumberLineTool, 'drawInterval'>, string> = {
  move: '\u2194',
  erase: '\u2715',
  moveElement: '\u21e5',
};

/** Props of the frame of a number-line console. */
export interface NumberLineFrameProps {
  /** From `useNumberLineConsole(...).frame`. */
  line: NumberLineFrameState;
  /** What the board draws. */
  marks: readonly NumberLineMark[];
  /** The console's sentences about its elements, read before the view, the tool and the keys. */
  description: readonly string[];
  /** The hint under the board while drawInterval is the tool. */
  drawHint: string;
  /** Controls under the hint (those of the selected element). */
  children?: ReactNode;
}

/**
 * What every number-line console shows around its elements: the tool buttons, the board with its
 * description and zoom buttons, the hint of the tool, the console's own controls, the feedback
 * badge and the live region. Texts come from the console's translation area.
 */
export function NumberLineFrame({ line, marks, description, drawHint, children }: NumberLineFrameProps) {
  const { area, t, disabled, tool: current } = line;
  const text = (key: string) => t(`${area}.${key}`);
  const describedBy = [
    ...description,
    t(`${area}.describe-view`, numberLineRangeParams(line.view)),
    t(`${area}.describe-tool`, { tool: t(numberLineToolKey(area, current)) }),
    disabled ? text('hint-disabled') : text('describe-keys'),
  ]
    .filter(Boolean)
    .join(' ');
  const hint = disabled
    ? text('hint-disabled')
    : current === 'drawInterval'
      ? drawHint
      : t(numberLineHintKey(area, current));

  return (
    <div className={`kib-root kib-number-line-console kib-${area}`} role="group" aria-label={line.label}>
      <WidgetStyles css={frameCss + line.css} />
      <div className="kib-toolbar" role="group" aria-label={text('tools')}>
        {line.tools.map((tool) => (
          <button
            key={tool}
            type="button"
            className="kib-button kib-number-line-console__tool"
            aria-pressed={current === tool}
            disabled={disabled}
            onClick={() => line.chooseTool(tool)}
          >
            <span aria-hidden="true" className="kib-number-line-console__icon">
              {tool === 'drawInterval' ? line.drawIcon : TOOL_ICONS[tool]}
            </span>
            {t(numberLineToolKey(area, tool))}
          </button>
        ))}
      </div>
      <NumberLineBoard
        view={line.view}
        onViewChange={line.updateView}
        marks={marks}
        label={text('board')}
        description={describedBy}
        loadingText={t('common.loading')}
        errorText={t('common.error')}
        disabled={disabled}
        panMode={current === 'move'}
        pointerCursor={current === 'move' ? 'grab' : current === 'drawInterval' ? 'crosshair' : 'pointer'}
        onBoardPointerDown={line.onBoardPointerDown}
        onBoardPointerMove={line.onBoardPointerMove}
        onBoardPointerUp={line.onBoardPointerUp}
        onBoardPointerLeave={line.onBoardPointerLeave}
        onKeyDown={line.onKeyDown}
        onFocusChange={line.onFocusChange}
        zoomLabels={{ zoomIn: text('zoom-in'), zoomOut: text('zoom-out') }}
      />
      <p className="kib-number-line-console__hint">{hint}</p>
      {children}
      <FeedbackBadge badge={line.badge} visible={line.badgeVisible} room={line.badgeRoom} />
      {line.region}
    </div>
  );
}
