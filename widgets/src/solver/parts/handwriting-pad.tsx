import type { Language } from '@kib/i18n';
import { useEffect, useId, useRef, useState, type PointerEvent } from 'react';
import { useT } from '../../shared/i18n';
import { WidgetStyles } from '../../shared/styles';
import { useAnnouncer } from '../../shared/use-announcer';
import css from './handwriting-pad.css?inline';
import { HANDWRITING_FILE_NAME, readRecognition } from './handwriting-pad.logic';

/** Props of {@link HandwritingPad}. */
export interface HandwritingPadProps {
  /** Interface language; Spanish by default. */
  lang?: Language;
  /**
   * Sends the drawing (a white-background PNG named canvas-image.png) to the recognition service and
   * resolves with the response text. Without it, Convert is disabled and says why.
   */
  recognize?: (image: File) => Promise<string>;
  /** Receives the recognised LaTeX. */
  onLatex: (latex: string) => void;
  /** Blocks drawing and converting. */
  disabled?: boolean;
}

/** Drawing or erasing. */
export type HandwritingMode = 'draw' | 'erase';

/** The canvas' own resolution; CSS scales it to the available width. */
export const HANDWRITING_CANVAS_SIZE = { width: 600, height: 300 } as const;
const LINE_WIDTH: Record<HandwritingMode, number> = { draw: 4, erase: 28 };
// The recogniser reads dark ink on white; this is the image's content, not a theme colour.
const INK = '#000000';

/** The drawing as the PNG file the recogniser expects: transparent (erased) pixels become white. */
export async function canvasToPng(canvas: HTMLCanvasElement): Promise<File> {
  const out = canvas.ownerDocument.createElement('canvas');
  out.width = canvas.width;
  out.height = canvas.height;
  const context = out.getContext('2d');
  if (!context) throw new Error('canvas-unavailable');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, out.width, out.height);
  context.drawImage(canvas, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => out.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('canvas-unavailable');
  return new File([blob], HANDWRITING_FILE_NAME, { type: 'image/png' });
}

/**
 * The handwriting pad (spec 01 §2, §4, §5): draw or erase with a finger, stylus or mouse, Clear,
 * and Convert, which sends the drawing to `recognize` and hands the LaTeX to `onLatex`, or shows a
 * dismissible 'WrongLatex' alert when the response cannot be read.
 */
export function HandwritingPad({ lang, recognize, onLatex, disabled = false }: HandwritingPadProps) {
  const t = useT(lang);
  const { announce, region } = useAnnouncer();
  const canvas = useRef<HTMLCanvasElement>(null);
  const stroke = useRef<{ pointerId: number; x: number; y: number } | null>(null);
  const alive = useRef(true);
  const [mode, setMode] = useState<HandwritingMode>('draw');
  const [hasInk, setHasInk] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const noteId = useId();

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const point = (event: { clientX: number; clientY: number }) => {
    const element = canvas.current;
    if (!element) return { x: 0, y: 0 };
    const rect = element.getBoundingClientRect();
    return {
      x: ((event.clientX - rect.left) * element.width) / (rect.width || 1),
      y: ((event.clientY - rect.top) * element.height) / (rect.height || 1),
    };
  };

  const segment = (from: { x: number; y: number }, to: { x: number; y: number }) => {
    const context = canvas.current?.getContext('2d');
    if (!context) return;
    context.globalCompositeOperation = mode === 'erase' ? 'destination-out' : 'source-over';
    context.strokeStyle = INK;
    context.lineWidth = LINE_WIDTH[mode];
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.beginPath();
    context.moveTo(from.x, from.y);
    // A press without movement still leaves a dot.
    context.lineTo(to.x + (from.x === to.x && from.y === to.y ? 0.01 : 0), to.y);
    context.stroke();
  };

  const inactive = disabled || busy;

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (inactive || (event.pointerType === 'mouse' && event.button !== 0)) return;
    event.preventDefault();
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser no longer tracks cannot be captured; drawing still works without.
    }
    const start = point(event);
    stroke.current = { pointerId: event.pointerId, ...start };
    segment(start, start);
    if (mode === 'draw') setHasInk(true);
    setFailed(false);
  };

  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const current = stroke.current;
    if (!current || current.pointerId !== event.pointerId) return;
    const events = event.nativeEvent.getCoalescedEvents?.() ?? [];
    let last = { x: current.x, y: current.y };
    for (const e of events.length > 0 ? events : [event]) {
      const next = point(e);
      segment(last, next);
      last = next;
    }
    stroke.current = { pointerId: current.pointerId, ...last };
  };

  const endStroke = (event: PointerEvent<HTMLCanvasElement>) => {
    if (stroke.current?.pointerId === event.pointerId) stroke.current = null;
  };

  const clear = () => {
    const element = canvas.current;
    element?.getContext('2d')?.clearRect(0, 0, element.width, element.height);
    setHasInk(false);
    setFailed(false);
    announce(t('handwriting.cleared'));
  };

  const convert = async () => {
    const element = canvas.current;
    if (!recognize || !element || busy) return;
    setBusy(true);
    setFailed(false);
    let latex: string | null = null;
    try {
      latex = readRecognition(await recognize(await canvasToPng(element)));
    } catch {
      latex = null;
    }
    if (!alive.current) return;
    setBusy(false);
    if (latex === null) {
      setFailed(true);
      return;
    }
    announce(t('handwriting.converted'));
    onLatex(latex);
  };

  return (
    <div className="kib-root kib-handwriting" aria-busy={busy}>
      <WidgetStyles css={css} />
      <canvas
        ref={canvas}
        className="kib-handwriting__canvas"
        width={HANDWRITING_CANVAS_SIZE.width}
        height={HANDWRITING_CANVAS_SIZE.height}
        role="img"
        aria-label={t('handwriting.canvas')}
        data-mode={mode}
        aria-disabled={inactive || undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endStroke}
        onPointerCancel={endStroke}
        onContextMenu={(event) => event.preventDefault()}
      />
      <div className="kib-toolbar kib-handwriting__tools" role="group" aria-label={t('handwriting.tools')}>
        <button
          type="button"
          className="kib-button"
          aria-pressed={mode === 'draw'}
          disabled={disabled}
          onClick={() => setMode('draw')}
        >
          <span aria-hidden="true">✎ </span>
          {t('handwriting.draw')}
        </button>
        <button
          type="button"
          className="kib-button"
          aria-pressed={mode === 'erase'}
          disabled={disabled}
          onClick={() => setMode('erase')}
        >
          <span aria-hidden="true">⌫ </span>
          {t('handwriting.erase')}
        </button>
        <button type="button" className="kib-button" disabled={disabled || busy || !hasInk} onClick={clear}>
          {t('handwriting.clear')}
        </button>
        <button
          type="button"
          className="kib-button kib-button--primary kib-handwriting__convert"
          disabled={!recognize || inactive || !hasInk}
          aria-describedby={recognize ? undefined : noteId}
          onClick={() => void convert()}
        >
          {busy ? t('handwriting.converting') : t('handwriting.convert')}
        </button>
      </div>
      {recognize ? null : (
        <p id={noteId} className="kib-handwriting__note">
          {t('handwriting.not-configured')}
        </p>
      )}
      <div role="alert" className="kib-handwriting__alert-slot">
        {failed ? (
          <div className="kib-handwriting__alert">
            <span>{t('handwriting.wrong-latex')}</span>
            <button
              type="button"
              className="kib-button kib-handwriting__dismiss"
              aria-label={t('handwriting.dismiss')}
              onClick={() => setFailed(false)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </div>
        ) : null}
      </div>
      {region}
    </div>
  );
}
