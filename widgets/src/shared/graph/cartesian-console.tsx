import type { PlotFeedback } from '@kib/core';
import type { Language } from '@kib/i18n';
import { useMemo, type ReactNode } from 'react';
import type { ConsoleProps } from '../console.types';
import {
  FeedbackBadge,
  graphicalBadgeRoom,
  useFeedbackBadge,
  type BadgeState,
} from '../feedback-badge/feedback-badge';
import { useT, type Translate } from '../i18n';
import { WidgetStyles } from '../styles';
import { useAnnouncer } from '../use-announcer';
import { CartesianBoard, type CartesianBoardProps } from './cartesian-board';
import graphCss from './graph-console.css?inline';
import { GraphToolbar, ZoomButtons } from './graph-toolbar';
import { plotBadge } from './plot-badge';
import type { BoardControls } from './use-board-controls';
import { useLocalAnswer, type AnswerModel } from './use-local-answer';

/** What the frame of a cartesian console needs from useCartesianConsole. */
export interface CartesianFrameState {
  t: Translate;
  lang: Language | undefined;
  label: string | undefined;
  disabled: boolean;
  badge: BadgeState | null;
  badgeVisible: boolean;
  /** The longest text the badge can show, kept room for. */
  badgeRoom: string;
  region: ReactNode;
}

/**
 * The state every cartesian console shares: translations, the announcer, the local copy of the
 * answer that follows `value`, and the badge of the checker's feedback. `commit(next, message)`
 * keeps `next`, reports its answer (when it has one) and reads the message out. `feedbackOf` names
 * whose feedback codes the badge keeps room for.
 */
export function useCartesianConsole<Answer, Local>(
  props: ConsoleProps<unknown, Answer, PlotFeedback>,
  model: AnswerModel<Answer, Local>,
  feedbackOf: 'plotLinearEquation' | 'points' | 'plotFunction',
) {
  const { value, onAnswer, feedback, disabled = false, lang, label } = props;
  const t = useT(lang);
  const { announce, region } = useAnnouncer();
  const [local, setLocal] = useLocalAnswer(value, model.fromValue, model.sameAs);
  const badge = useMemo(() => plotBadge(t, feedback), [t, feedback]);
  const { visible } = useFeedbackBadge(badge, feedback, model.toAnswer(local));

  const commit = (next: Local, message: string) => {
    setLocal(next);
    const answer = model.toAnswer(next);
    if (answer !== null) onAnswer?.(answer);
    announce(message);
  };

  const frame: CartesianFrameState = {
    t,
    lang,
    label,
    disabled,
    badge,
    badgeVisible: visible,
    badgeRoom: graphicalBadgeRoom(t, feedbackOf),
    region,
  };
  return { t, announce, local, commit, frame };
}

/** Props of the frame of a cartesian console. */
export interface CartesianConsoleFrameProps extends Pick<
  CartesianBoardProps,
  'scene' | 'instructions' | 'pointerCursor' | 'onPointer'
> {
  frame: CartesianFrameState;
  /** The console's own class on the root, after kib-graph-console (e.g. 'kib-line-console'). */
  className: string;
  controls: BoardControls;
  /** The console's own buttons, before the zoom buttons in the toolbar. */
  tools?: ReactNode;
  /** What the board holds now; the scale is read after it. */
  summary: string;
}

/**
 * The layout every cartesian console shares (spec 02 §4): the root (a named group when the console
 * has a label, clearing a wrong badge when the student comes back), the toolbar with the console's
 * tools and the zoom buttons, the board wired to the board controls, the badge and the live region.
 */
export function CartesianConsoleFrame({
  frame,
  className,
  controls,
  tools,
  summary,
  ...board
}: CartesianConsoleFrameProps) {
  const { t, lang, label, disabled } = frame;
  return (
    <div
      className={`kib-root kib-graph-console ${className}`}
      role={label ? 'group' : undefined}
      aria-label={label}
    >
      <WidgetStyles css={graphCss} />
      <GraphToolbar label={t('graph-console.tools')}>
        {tools}
        <ZoomButtons
          zoomInLabel={t('graph-console.zoom-in')}
          zoomOutLabel={t('graph-console.zoom-out')}
          disabled={disabled}
          onZoom={controls.zoom}
        />
      </GraphToolbar>
      <CartesianBoard
        {...board}
        size={controls.size}
        view={controls.view}
        label={t('graph-console.board')}
        description={`${summary} ${controls.scaleText()}`}
        cursor={controls.cursor}
        disabled={disabled}
        lang={lang}
        onCommand={controls.onCommand}
        onZoom={controls.onWheelZoom}
      />
      <FeedbackBadge badge={frame.badge} visible={frame.badgeVisible} room={frame.badgeRoom} />
      {frame.region}
    </div>
  );
}
