import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { MathText } from '@kib/widgets';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../../i18n/language';
import { useModuleDraft, useModuleDraftStore, type DraftProblem } from './module-draft.store';
import type { ProblemActions } from './picker-problems';
import { HiddenName } from './modules-ui';

/** A button of a problem's row that may take the focus after a change. */
type RowAction = 'up' | 'down' | 'remove';

/** Where the focus goes once the list shows a change: a row's button, or the list's heading. */
type FocusTarget = { problemId: number; action: RowAction } | { heading: true };

/**
 * The module's problems in their order (spec 02 "selected-problems list"): numbered, each with a drag
 * handle (mouse, touch, or the keyboard: Space to take it, arrows to move it, Space to drop it, Escape
 * to cancel), Move up and Move down buttons, Preview, Try and Remove. Every move and removal is said in
 * the builder's live region; the drag announcements are dnd-kit's, in the reader's language.
 */
export function SelectedProblems({ onPreview, onTry, announce }: ProblemActions) {
  const t = useT();
  const headingId = useId();
  const store = useModuleDraftStore();
  const problems = useModuleDraft((state) => state.problems);
  const listRef = useRef<HTMLOListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [focus, setFocus] = useState<FocusTarget | null>(null);
  const lastOver = useRef<UniqueIdentifier | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  // React moves a reordered row's element, which can take the focus from it: it is given back here.
  useEffect(() => {
    if (!focus) return;
    setFocus(null);
    if ('heading' in focus) {
      headingRef.current?.focus();
      return;
    }
    const row = listRef.current?.querySelector(`[data-problem="${focus.problemId}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-action="${focus.action}"]`);
    const fallback = row?.querySelector<HTMLButtonElement>(
      `[data-action="${focus.action === 'up' ? 'down' : 'up'}"]`,
    );
    const target = wanted && !wanted.disabled ? wanted : fallback && !fallback.disabled ? fallback : wanted;
    target?.focus();
  }, [focus, problems]);

  const find = (id: UniqueIdentifier) => problems.find((p) => p.id === Number(id));
  const position = (id: UniqueIdentifier) => problems.findIndex((p) => p.id === Number(id)) + 1;
  const title = (id: UniqueIdentifier) => find(id)?.title ?? '';
  const total = problems.length;

  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      lastOver.current = null;
      return t('teacher-modules.drag-start', {
        title: title(active.id),
        position: position(active.id),
        total,
      });
    },
    onDragOver: ({ active, over }) => {
      // A drag starts over its own place: saying so would cut off the start's announcement.
      const first = lastOver.current === null && over?.id === active.id;
      lastOver.current = over?.id ?? null;
      if (first) return undefined;
      return over
        ? t('teacher-modules.drag-over', { title: title(active.id), position: position(over.id), total })
        : t('teacher-modules.drag-outside', { title: title(active.id) });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t('teacher-modules.drag-end', { title: title(active.id), position: position(over.id), total })
        : t('teacher-modules.drag-cancel', { title: title(active.id), position: position(active.id) }),
    onDragCancel: ({ active }) =>
      t('teacher-modules.drag-cancel', { title: title(active.id), position: position(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) store.getState().reorder(Number(active.id), Number(over.id));
  };

  const move = (problem: DraftProblem, offset: -1 | 1) => {
    const from = position(problem.id);
    if (!store.getState().move(problem.id, offset)) return;
    announce(t('teacher-modules.moved', { title: problem.title, position: from + offset, total }));
    setFocus({ problemId: problem.id, action: offset < 0 ? 'up' : 'down' });
  };

  const remove = (problem: DraftProblem) => {
    const index = problems.findIndex((p) => p.id === problem.id);
    store.getState().removeProblem(problem.id);
    announce(t('teacher-modules.removed', { title: problem.title }));
    const next = problems[index + 1] ?? problems[index - 1];
    setFocus(next ? { problemId: next.id, action: 'remove' } : { heading: true });
  };

  return (
    <section className="card modules-section" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {t('teacher-modules.selected-title', { count: total })}
      </h2>
      {total === 0 ? (
        <p className="modules-hint">{t('teacher-modules.selected-empty')}</p>
      ) : (
        <>
          <p className="modules-hint">{t('teacher-modules.selected-hint')}</p>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: t('teacher-modules.drag-instructions') },
            }}
          >
            <SortableContext items={problems.map((p) => p.id)} strategy={verticalListSortingStrategy}>
              <ol ref={listRef} className="modules-selected-list" aria-labelledby={headingId}>
                {problems.map((problem, index) => (
                  <SelectedProblem
                    key={problem.id}
                    problem={problem}
                    number={index + 1}
                    last={index === total - 1}
                    onUp={() => move(problem, -1)}
                    onDown={() => move(problem, 1)}
                    onRemove={() => remove(problem)}
                    onPreview={() => onPreview(problem)}
                    onTry={() => onTry(problem)}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        </>
      )}
    </section>
  );
}

/** One problem of the module: its number, handle, title and buttons. */
function SelectedProblem({
  problem,
  number,
  last,
  onUp,
  onDown,
  onRemove,
  onPreview,
  onTry,
}: {
  problem: DraftProblem;
  number: number;
  last: boolean;
  onUp: () => void;
  onDown: () => void;
  onRemove: () => void;
  onPreview: () => void;
  onTry: () => void;
}) {
  const t = useT();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: problem.id,
      attributes: { roleDescription: t('teacher-modules.drag-role') },
    });
  return (
    <li
      ref={setNodeRef}
      className="modules-selected"
      data-problem={problem.id}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="modules-drag-handle"
        {...attributes}
        {...listeners}
        aria-label={t('teacher-modules.drag-handle', { title: problem.title })}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            d="M9 5h.01M15 5h.01M9 12h.01M15 12h.01M9 19h.01M15 19h.01"
            stroke="currentColor"
            strokeWidth="3"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <span className="modules-selected-number" aria-hidden="true">
        {number}.
      </span>
      <span className="modules-problem-text">
        <span className="modules-problem-title">
          <MathText text={problem.title} />
        </span>
        <span className="modules-problem-meta">
          {t('teacher-modules.question-count', { count: problem.numeralCount })}
        </span>
      </span>
      <span className="modules-problem-actions">
        <button
          type="button"
          className="button button-secondary modules-small"
          data-action="up"
          disabled={number === 1}
          onClick={onUp}
        >
          {t('teacher-modules.move-up')}
          <HiddenName name={problem.title} />
        </button>
        <button
          type="button"
          className="button button-secondary modules-small"
          data-action="down"
          disabled={last}
          onClick={onDown}
        >
          {t('teacher-modules.move-down')}
          <HiddenName name={problem.title} />
        </button>
        <button type="button" className="button button-secondary modules-small" onClick={onPreview}>
          {t('teacher-modules.preview')}
          <HiddenName name={problem.title} />
        </button>
        <button type="button" className="button button-secondary modules-small" onClick={onTry}>
          {t('teacher-modules.try')}
          <HiddenName name={problem.title} />
        </button>
        <button
          type="button"
          className="button button-secondary modules-small modules-delete"
          data-action="remove"
          onClick={onRemove}
        >
          {t('teacher-modules.remove')}
          <HiddenName name={problem.title} />
        </button>
      </span>
    </li>
  );
}
