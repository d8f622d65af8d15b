import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { loadMathField, type MathLiveModule } from '../math-console/mathlive-setup';
import { zoomCartesian } from '../shared/graph/cartesian';
import { useT, widgetLanguage, type Translate } from '../shared/i18n';
import { loadSpeech, type Speak } from '../shared/speech';
import { WidgetStyles } from '../shared/styles';
import { useAnnouncer } from '../shared/use-announcer';
import { GrapherBoard, type BoardGraph, type GrapherBoardHandle } from './grapher-board';
import { FunctionRow, noteText } from './grapher-function-row';
import { downloadBlob, exportFileName, pngFromSvg } from './grapher.export';
import {
  boundText,
  GRAPH_COLORS,
  GRAPHER_SIZE,
  initialGrapherView,
  planGraph,
  type GraphEvaluator,
  type GraphPlan,
} from './grapher.logic';
import type { GraphFunction, GrapherProps } from './grapher.types';
import css from './grapher.css?inline';

let evaluator: Promise<GraphEvaluator> | undefined;

/** The checker's parser and compiled evaluator (a lazy chunk, loaded once). */
function loadEvaluator(): Promise<GraphEvaluator> {
  evaluator ??= import('@kib/checker').catch((error: unknown) => {
    evaluator = undefined;
    throw error;
  });
  return evaluator;
}

/** A lazily loaded module, null until it has arrived. */
function useLoaded<T>(load: () => Promise<T>): T | null {
  const [module, setModule] = useState<T | null>(null);
  useEffect(() => {
    let live = true;
    load()
      .then((m) => {
        if (live) setModule(() => m);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [load]);
  return module;
}

/** One sentence per graph for the board's text alternative. */
function describeGraph(
  t: Translate,
  fn: GraphFunction,
  plan: GraphPlan,
  number: number,
  speak: Speak | null,
  radians: boolean,
): string {
  const name = t('grapher.function-name', { number });
  if (plan.kind === 'empty') return t('grapher.describe-empty', { name });
  if (plan.kind === 'note') return t('grapher.describe-skipped', { name, note: noteText(t, plan.note) });
  const colour = GRAPH_COLORS.find((c) => c.value === fn.color);
  const style = [
    colour ? t(`grapher.color-${colour.name}`) : fn.color,
    t(fn.border === 'dashed' ? 'grapher.border-dashed' : 'grapher.border-solid'),
  ].join(', ');
  const view = { radians };
  const { minX, maxX, minY, maxY } = plan.domain;
  const xRange = t('grapher.describe-x-range', {
    from: boundText(view, 'x', minX),
    to: boundText(view, 'x', maxX),
  });
  const yRange =
    minY === -Infinity && maxY === Infinity
      ? ''
      : ` ${t('grapher.describe-y-range', { from: boundText(view, 'y', minY), to: boundText(view, 'y', maxY) })}`;
  if (plan.kind === 'vertical')
    return t('grapher.describe-vertical', { name, x: boundText(view, 'x', plan.x), style }) + yRange;
  if (plan.kind === 'horizontal')
    return t('grapher.describe-horizontal', { name, y: boundText(view, 'y', plan.y), style }) + ` ${xRange}`;
  const spoken = speak ? speak(fn.value) : fn.value;
  const key = plan.asymptote ? 'grapher.describe-asymptote' : 'grapher.describe-curve';
  return `${t(key, { name, value: spoken, style })} ${xRange}${yRange}`;
}

/**
 * The function grapher (spec 02 §2 /graphertool, §3 "Graph function object", §4 "Grapher"): a
 * list of graphs, each a function typed in a math field with its colour, solid or dashed line,
 * asymptote switch and bounds, drawn on a 700x450 JSXGraph board. Each function is read by the
 * checker's parser and evaluated by its compiled evaluator, as students' answers are; what cannot be
 * read is left off the board with a note beside it, said aloud too. The x-axis counts integers or
 * multiples of π, the axis numbers can be hidden, the sampling made finer; the board zooms and is
 * saved as SVG or PNG. Controlled: the graphs and settings come in, each change goes out.
 */
export function Grapher({
  functions,
  settings,
  lang,
  onFunctionChange,
  onAddFunction,
  onRemoveFunction,
  onSettingsChange,
}: GrapherProps) {
  const t = useT(lang);
  const uid = useId();
  const { announce, region } = useAnnouncer();
  const checker = useLoaded(loadEvaluator);
  const mathLive = useLoaded<MathLiveModule>(loadMathField);
  const language = widgetLanguage(lang);
  const loadLanguageSpeech = useCallback(() => loadSpeech(language), [language]);
  const speak = useLoaded(loadLanguageSpeech);
  const boardRef = useRef<GrapherBoardHandle>(null);
  const [view, setView] = useState(() => initialGrapherView(settings.inRadians));
  const shownView = useMemo(() => ({ ...view, radians: settings.inRadians }), [view, settings.inRadians]);
  const [busy, setBusy] = useState(false);

  const plans = useMemo(
    () =>
      new Map<string, GraphPlan>(
        functions.map((fn) => [fn.id, checker ? planGraph(fn, checker) : { kind: 'empty' as const }]),
      ),
    [functions, checker],
  );
  const graphs = useMemo<BoardGraph[]>(
    () =>
      functions.map((fn) => ({
        id: fn.id,
        color: fn.color,
        border: fn.border,
        plan: plans.get(fn.id) ?? { kind: 'empty' },
      })),
    [functions, plans],
  );

  // A note is said once the author has stopped typing: every key of `\frac{1}{x}` should not be read.
  const notes = functions
    .map((fn, i) => {
      const plan = plans.get(fn.id);
      return plan?.kind === 'note'
        ? `${t('grapher.function-name', { number: i + 1 })}: ${noteText(t, plan.note)}`
        : '';
    })
    .filter(Boolean)
    .join(' ');
  const spoken = useRef('');
  useEffect(() => {
    if (notes === spoken.current) return;
    const timer = window.setTimeout(() => {
      spoken.current = notes;
      if (notes) announce(notes);
    }, 900);
    return () => window.clearTimeout(timer);
  }, [notes, announce]);

  const descriptionId = `${uid}-description`;
  const descriptions = functions.map((fn, i) =>
    describeGraph(t, fn, plans.get(fn.id) ?? { kind: 'empty' }, i + 1, speak, settings.inRadians),
  );

  const save = async (format: 'svg' | 'png') => {
    const svg = boardRef.current?.toSvg();
    if (!svg) return;
    const fileName = exportFileName(t('grapher.file-stem'), format);
    setBusy(true);
    try {
      const blob =
        format === 'svg'
          ? new Blob([svg], { type: 'image/svg+xml' })
          : await pngFromSvg(svg, GRAPHER_SIZE.width, GRAPHER_SIZE.height);
      downloadBlob(blob, fileName);
      announce(t('grapher.downloaded', { name: fileName }));
    } catch {
      announce(t('grapher.download-failed'));
    } finally {
      setBusy(false);
    }
  };

  const zoom = (direction: -1 | 1) => {
    setView((v) => zoomCartesian(v, direction));
  };

  return (
    <div className="kib-root kib-grapher" lang={lang}>
      <WidgetStyles css={css} />
      <div className="kib-grapher__layout">
        <section className="kib-grapher__panel" aria-labelledby={`${uid}-functions`}>
          <h2 id={`${uid}-functions`} className="kib-grapher__heading">
            {t('grapher.functions')}
          </h2>
          <ol className="kib-grapher__list">
            {functions.map((fn, i) => (
              <FunctionRow
                key={fn.id}
                fn={fn}
                number={i + 1}
                note={(() => {
                  const plan = plans.get(fn.id);
                  return plan?.kind === 'note' ? plan.note : null;
                })()}
                mathLive={mathLive}
                idPrefix={uid}
                t={t}
                language={language}
                onChange={onFunctionChange}
                onRemove={onRemoveFunction}
              />
            ))}
          </ol>
          <button type="button" className="kib-button kib-button--primary" onClick={onAddFunction}>
            {t('grapher.add')}
          </button>
        </section>
        <section className="kib-grapher__panel kib-grapher__panel--board" aria-labelledby={`${uid}-board`}>
          <h2 id={`${uid}-board`} className="kib-grapher__heading">
            {t('grapher.board')}
          </h2>
          <fieldset className="kib-grapher__settings">
            <legend className="kib-visually-hidden">{t('grapher.settings')}</legend>
            <label className="kib-grapher__option kib-grapher__option--check">
              <input
                type="checkbox"
                checked={settings.inRadians}
                onChange={(e) => onSettingsChange({ inRadians: e.currentTarget.checked })}
              />
              <span>{t('grapher.in-radians')}</span>
            </label>
            <label className="kib-grapher__option kib-grapher__option--check">
              <input
                type="checkbox"
                checked={settings.axisNumbers}
                onChange={(e) => onSettingsChange({ axisNumbers: e.currentTarget.checked })}
              />
              <span>{t('grapher.axis-numbers')}</span>
            </label>
            <label className="kib-grapher__option kib-grapher__option--check">
              <input
                type="checkbox"
                checked={settings.highResolution}
                onChange={(e) => onSettingsChange({ highResolution: e.currentTarget.checked })}
              />
              <span>{t('grapher.high-resolution')}</span>
            </label>
          </fieldset>
          <GrapherBoard
            ref={boardRef}
            view={shownView}
            axisNumbers={settings.axisNumbers}
            highResolution={settings.highResolution}
            graphs={graphs}
            label={t('grapher.board-label')}
            describedBy={descriptionId}
            t={t}
          />
          <div id={descriptionId} className="kib-visually-hidden">
            {descriptions.length > 0 ? descriptions.join(' ') : t('grapher.describe-none')}
          </div>
          <div className="kib-toolbar kib-grapher__toolbar" role="group" aria-label={t('grapher.view')}>
            <button type="button" className="kib-button" onClick={() => zoom(-1)}>
              {t('graph-console.zoom-in')}
            </button>
            <button type="button" className="kib-button" onClick={() => zoom(1)}>
              {t('graph-console.zoom-out')}
            </button>
            <button
              type="button"
              className="kib-button"
              onClick={() => setView(initialGrapherView(settings.inRadians))}
            >
              {t('grapher.reset-view')}
            </button>
          </div>
          <div className="kib-toolbar kib-grapher__toolbar" role="group" aria-label={t('grapher.export')}>
            <button type="button" className="kib-button" disabled={busy} onClick={() => void save('svg')}>
              {t('grapher.export-svg')}
            </button>
            <button type="button" className="kib-button" disabled={busy} onClick={() => void save('png')}>
              {t('grapher.export-png')}
            </button>
          </div>
        </section>
      </div>
      {region}
    </div>
  );
}
