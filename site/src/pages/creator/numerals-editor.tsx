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
import { LIMITS, MATH_TYPES, type MathType, type NumeralDraft, type StepDraft } from '@kib/core';
import { MathText } from '@kib/widgets';
import { memo, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/language';
import { Modal } from '../../ui/modal';
import { useCreatorDraft, useCreatorDraftStore, type FileSlot, type ItemRef } from './creator-draft.store';
import {
  fieldIssue,
  formPrefix,
  itemFieldId,
  itemHeadingId,
  recordErrors,
  type DraftIssue,
} from './draft-check';
import { FileField } from './file-field';
import { AnswerTestsEditor, takesAnswerTests } from './answer-tests-editor';
import { MathTypeForm } from './math-type-forms';
import { ItemHeading, useIssueText } from './tool-ui';

/** Where the focus goes once the list shows a change: an item's heading or button, or the section's heading. */
type FocusTarget = { key: string; action: 'heading' | 'up' | 'down' } | { section: string };

/** Says a message in the tool's live region. */
type Announce = (text: string) => void;

/** The keyboard and pointer sensors of a sortable list (Space takes an item, arrows move it, Space drops it). */
function useListSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** Gives the focus back after a change moved, added or removed an item (React may have moved its element). */
function useFocusAfterChange(deps: unknown) {
  const [focus, setFocus] = useState<FocusTarget | null>(null);
  useEffect(() => {
    if (!focus) return;
    setFocus(null);
    if ('section' in focus) {
      document.getElementById(focus.section)?.focus();
      return;
    }
    if (focus.action === 'heading') {
      document.getElementById(itemHeadingId(focus.key))?.focus();
      return;
    }
    const box = document.querySelector(`[data-item="${focus.key}"]`);
    const wanted = box?.querySelector<HTMLButtonElement>(
      `:scope > .creator-item-bar [data-action="${focus.action}"]`,
    );
    const other = box?.querySelector<HTMLButtonElement>(
      `:scope > .creator-item-bar [data-action="${focus.action === 'up' ? 'down' : 'up'}"]`,
    );
    (wanted && !wanted.disabled ? wanted : other && !other.disabled ? other : wanted)?.focus();
  }, [focus, deps]);
  return setFocus;
}

/** What the delete dialog asks about. */
type Deleting = ItemRef & { label: string };

/** What the numerals' cards do to the list, the same functions from render to render. */
interface NumeralActions {
  add: (afterKey: string | null) => void;
  move: (key: string, offset: -1 | 1) => void;
  askDelete: (deleting: Deleting) => void;
  focus: (focus: FocusTarget) => void;
  announce: Announce;
}

/**
 * The problem's numerals in order (spec 02 §2, §4 "Creation flow"): each added after any other,
 * deleted after confirming (its steps and data go with it), and reordered by dragging (mouse,
 * touch, or the keyboard) or with Move up and Move down; every change is said in the live region.
 */
export function NumeralsEditor({ issues, announce }: { issues: readonly DraftIssue[]; announce: Announce }) {
  const t = useT();
  const headingId = 'creator-numerals';
  const store = useCreatorDraftStore();
  const numerals = useCreatorDraft((s) => s.draft.numerals);
  const setFocus = useFocusAfterChange(numerals);
  const sensors = useListSensors();
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const total = numerals.length;
  const position = (id: UniqueIdentifier) => numerals.findIndex((n) => n.key === id) + 1;
  const name = (id: UniqueIdentifier) => t('creator.place-numeral', { number: position(id) });
  const full = total >= LIMITS.itemsMaxCount;

  // Read from the store when used, so the cards' props stay the same while nothing of theirs changes.
  const actions = useMemo<NumeralActions>(
    () => ({
      add: (afterKey) => {
        const key = store.getState().addNumeral(afterKey);
        const at = store.getState().draft.numerals.findIndex((n) => n.key === key) + 1;
        announce(t('creator.numeral-added', { number: at }));
        setFocus({ key, action: 'heading' });
      },
      move: (key, offset) => {
        const list = store.getState().draft.numerals;
        const from = list.findIndex((n) => n.key === key) + 1;
        if (!store.getState().moveNumeral(key, offset)) return;
        announce(
          t('creator.item-moved', {
            name: t('creator.place-numeral', { number: from }),
            position: from + offset,
            total: list.length,
          }),
        );
        setFocus({ key, action: offset < 0 ? 'up' : 'down' });
      },
      askDelete: setDeleting,
      focus: setFocus,
      announce,
    }),
    [store, t, announce, setFocus],
  );
  const confirmDelete = () => {
    if (!deleting) return;
    const { numeralKey, stepKey, label } = deleting;
    setDeleting(null);
    if (stepKey === null) {
      const index = numerals.findIndex((n) => n.key === numeralKey);
      store.getState().removeNumeral(numeralKey);
      const next = numerals[index + 1] ?? numerals[index - 1];
      setFocus(next ? { key: next.key, action: 'heading' } : { section: headingId });
    } else {
      const steps = numerals.find((n) => n.key === numeralKey)?.steps ?? [];
      const index = steps.findIndex((s) => s.key === stepKey);
      store.getState().removeStep(numeralKey, stepKey);
      const next = steps[index + 1] ?? steps[index - 1];
      setFocus({ key: next?.key ?? numeralKey, action: 'heading' });
    }
    announce(t('creator.item-deleted', { name: label }));
  };

  const announcements = dragAnnouncements(t, name, position, () => total);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) store.getState().reorderNumerals(String(active.id), String(over.id));
  };

  return (
    <section className="card modules-section creator-numerals" aria-labelledby={headingId}>
      <h2 id={headingId} tabIndex={-1}>
        {t('creator.numerals-title', { count: total })}
      </h2>
      <p className="modules-hint">{t('creator.numerals-hint')}</p>
      <button
        type="button"
        className="button button-secondary"
        disabled={full}
        onClick={() => actions.add(null)}
      >
        {t('creator.add-numeral-first')}
      </button>
      {total > 0 && (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements,
            screenReaderInstructions: { draggable: t('creator.drag-instructions') },
          }}
        >
          <SortableContext items={numerals.map((n) => n.key)} strategy={verticalListSortingStrategy}>
            <ol className="creator-items" aria-labelledby={headingId}>
              {numerals.map((numeral, index) => (
                <NumeralCard
                  key={numeral.key}
                  numeral={numeral}
                  number={index + 1}
                  last={index === total - 1}
                  full={full}
                  issues={issues}
                  actions={actions}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <Modal
        open={deleting !== null}
        title={t(deleting?.stepKey ? 'creator.delete-step-title' : 'creator.delete-numeral-title', {
          name: deleting?.label ?? '',
        })}
        onClose={() => setDeleting(null)}
        actions={
          <>
            <button type="button" className="button button-secondary" onClick={() => setDeleting(null)}>
              {t('creator.delete-cancel')}
            </button>
            <button type="button" className="button button-primary modules-danger" onClick={confirmDelete}>
              {t('creator.delete-item-confirm')}
            </button>
          </>
        }
      >
        <p>{t(deleting?.stepKey ? 'creator.delete-step-text' : 'creator.delete-numeral-text')}</p>
      </Modal>
    </section>
  );
}

/** dnd-kit's announcements in the reader's language, naming the item by its place. */
function dragAnnouncements(
  t: ReturnType<typeof useT>,
  name: (id: UniqueIdentifier) => string,
  position: (id: UniqueIdentifier) => number,
  total: () => number,
): Announcements {
  let lastOver: UniqueIdentifier | null = null;
  return {
    onDragStart: ({ active }) => {
      lastOver = null;
      return t('creator.drag-start', {
        name: name(active.id),
        position: position(active.id),
        total: total(),
      });
    },
    onDragOver: ({ active, over }) => {
      const first = lastOver === null && over?.id === active.id;
      lastOver = over?.id ?? null;
      if (first) return undefined;
      return over
        ? t('creator.drag-over', { name: name(active.id), position: position(over.id), total: total() })
        : t('creator.drag-outside', { name: name(active.id) });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t('creator.drag-end', { name: name(active.id), position: position(over.id), total: total() })
        : t('creator.drag-cancel', { name: name(active.id), position: position(active.id) }),
    onDragCancel: ({ active }) =>
      t('creator.drag-cancel', { name: name(active.id), position: position(active.id) }),
  };
}

/** The bar of an item: its drag handle, heading, and Move up, Move down, Add after and Delete. */
function ItemBar({
  sortableId,
  heading,
  headingLevel,
  name,
  first,
  last,
  full,
  addLabel,
  onUp,
  onDown,
  onAddAfter,
  onDelete,
  setActivatorNodeRef,
  handleProps,
}: {
  sortableId: string;
  heading: string;
  headingLevel: 3 | 4;
  name: string;
  first: boolean;
  last: boolean;
  full: boolean;
  addLabel: string;
  onUp: () => void;
  onDown: () => void;
  onAddAfter: () => void;
  onDelete: () => void;
  setActivatorNodeRef: (element: HTMLElement | null) => void;
  handleProps: Record<string, unknown>;
}) {
  const t = useT();
  const hidden = <span className="visually-hidden"> {name}</span>;
  return (
    <div className="creator-item-bar">
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="modules-drag-handle"
        {...handleProps}
        aria-label={t('creator.drag-handle', { name })}
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
      <ItemHeading id={itemHeadingId(sortableId)} level={headingLevel}>
        {heading}
      </ItemHeading>
      <span className="modules-problem-actions">
        <button
          type="button"
          className="button button-secondary modules-small"
          data-action="up"
          disabled={first}
          onClick={onUp}
        >
          {t('creator.move-up')}
          {hidden}
        </button>
        <button
          type="button"
          className="button button-secondary modules-small"
          data-action="down"
          disabled={last}
          onClick={onDown}
        >
          {t('creator.move-down')}
          {hidden}
        </button>
        <button
          type="button"
          className="button button-secondary modules-small"
          disabled={full}
          onClick={onAddAfter}
        >
          {addLabel}
          {hidden}
        </button>
        <button
          type="button"
          className="button button-secondary modules-small modules-delete"
          onClick={onDelete}
        >
          {t('creator.delete-item')}
          {hidden}
        </button>
      </span>
    </div>
  );
}

/** A text area of a numeral or step, with its error and, when it holds math, its rendering. */
function ItemText({
  itemKey,
  field,
  label,
  value,
  error,
  hint,
  onChange,
}: {
  itemKey: string;
  field: string;
  label: string;
  value: string;
  error: string | undefined;
  hint?: string;
  onChange: (value: string) => void;
}) {
  const t = useT();
  const id = itemFieldId(itemKey, field);
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={2}
        maxLength={LIMITS.longTextMaxLength}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <div id={`${id}-hint`} className="field-hint">
          {hint}
        </div>
      )}
      {value.includes('$') && (
        <div className="creator-math-preview">
          <span className="creator-math-preview-label">{t('creator.math-preview')}</span>{' '}
          <MathText text={value} />
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="field-error">
          {error}
        </div>
      )}
    </div>
  );
}

/** A math type's name in the reader's language (the catalog's `math-types.*`, kebab-case). */
const mathTypeName = (mathType: MathType, t: ReturnType<typeof useT>) =>
  t(`math-types.${mathType.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);

/** The math type picker and the form of the chosen math type. */
function MathTypeSection({
  item,
  itemRef,
  issues,
  label,
}: {
  item: NumeralDraft | StepDraft;
  itemRef: ItemRef;
  issues: readonly DraftIssue[];
  label: string;
}) {
  const t = useT();
  const store = useCreatorDraftStore();
  const itemKey = itemRef.stepKey ?? itemRef.numeralKey;
  const pickerId = itemFieldId(itemKey, 'mathType');
  return (
    <div className="creator-math-type">
      <div className="field">
        <label htmlFor={pickerId}>{t('creator.math-type')}</label>
        <select
          id={pickerId}
          value={item.mathType}
          onChange={(e) => store.getState().setMathType(itemRef, e.target.value as MathType)}
        >
          {MATH_TYPES.map((mathType) => (
            <option key={mathType} value={mathType}>
              {mathTypeName(mathType, t)}
            </option>
          ))}
        </select>
      </div>
      <section
        className="creator-answer"
        aria-label={t('creator.answer-of', { name: label, type: mathTypeName(item.mathType, t) })}
      >
        <MathTypeForm
          key={item.mathType}
          mathType={item.mathType}
          data={item.data}
          choices={item.choices}
          idPrefix={formPrefix(itemKey)}
          errors={recordErrors(issues, itemKey)}
          onChange={(next) => store.getState().setContent(itemRef, next)}
          onChoicePicture={(choiceKey, file) =>
            store.getState().setFile({ target: 'choice', key: choiceKey, kind: 'picture' }, file)
          }
        />
      </section>
      {takesAnswerTests(item.mathType) && (
        <AnswerTestsEditor itemRef={itemRef} tests={item.answerTests ?? []} label={label} />
      )}
    </div>
  );
}

/** A numeral or step in its sortable list: its bar (drag handle, heading, toolbar) and its body. */
function SortableItem({
  className,
  roleDescription,
  bar,
  children,
}: {
  className: string;
  roleDescription: string;
  bar: Omit<Parameters<typeof ItemBar>[0], 'setActivatorNodeRef' | 'handleProps'>;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: bar.sortableId, attributes: { roleDescription } });
  return (
    <li
      ref={setNodeRef}
      className={className}
      data-item={bar.sortableId}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <ItemBar
        {...bar}
        setActivatorNodeRef={setActivatorNodeRef}
        handleProps={{ ...attributes, ...listeners }}
      />
      <div className="creator-item-body">{children}</div>
    </li>
  );
}

/** A numeral's or step's picture and video fields. */
function ItemMedia({
  slot,
  picture,
  videoS3,
  error,
}: {
  slot: Omit<FileSlot, 'kind'>;
  picture: string | null;
  videoS3: string | null;
  error: (field: string) => string | undefined;
}) {
  const t = useT();
  return (
    <>
      <FileField
        slot={{ ...slot, kind: 'picture' }}
        stored={picture}
        label={t('creator.picture')}
        id={itemFieldId(slot.key, 'picture')}
        error={error('picture')}
      />
      <FileField
        slot={{ ...slot, kind: 'video' }}
        stored={videoS3}
        label={t('creator.video')}
        id={itemFieldId(slot.key, 'videoS3')}
        error={error('videoS3')}
      />
    </>
  );
}

/** A numeral's or step's calculator switch. */
function CalculatorCheck({
  itemKey,
  checked,
  onChange,
}: {
  itemKey: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const t = useT();
  return (
    <label className="modules-check">
      <input
        id={itemFieldId(itemKey, 'calculator')}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {t('creator.calculator')}
    </label>
  );
}

/** One numeral: its bar, question, math type and form, hint, pictures, video, calculator and steps. */
const NumeralCard = memo(function NumeralCard({
  numeral,
  number,
  last,
  full,
  issues,
  actions,
}: {
  numeral: NumeralDraft;
  number: number;
  last: boolean;
  full: boolean;
  issues: readonly DraftIssue[];
  actions: NumeralActions;
}) {
  const t = useT();
  const store = useCreatorDraftStore();
  const issueText = useIssueText();
  const label = t('creator.place-numeral', { number });
  const itemRef: ItemRef = { numeralKey: numeral.key, stepKey: null };
  const set = (change: Parameters<ReturnType<typeof store.getState>['setNumeral']>[1]) =>
    store.getState().setNumeral(numeral.key, change);
  const error = (field: string) => issueText(fieldIssue(issues, numeral.key, field));
  return (
    <SortableItem
      className="creator-item"
      roleDescription={t('creator.drag-role')}
      bar={{
        sortableId: numeral.key,
        heading: label,
        headingLevel: 3,
        name: label,
        first: number === 1,
        last,
        full,
        addLabel: t('creator.add-numeral-after'),
        onUp: () => actions.move(numeral.key, -1),
        onDown: () => actions.move(numeral.key, 1),
        onAddAfter: () => actions.add(numeral.key),
        onDelete: () => actions.askDelete({ numeralKey: numeral.key, stepKey: null, label }),
      }}
    >
      <ItemText
        itemKey={numeral.key}
        field="question"
        label={t('creator.question')}
        value={numeral.question}
        error={error('question')}
        hint={t('creator.math-hint')}
        onChange={(question) => set({ question })}
      />
      <MathTypeSection item={numeral} itemRef={itemRef} issues={issues} label={label} />
      <ItemText
        itemKey={numeral.key}
        field="initialHint"
        label={t('creator.initial-hint')}
        value={numeral.initialHint ?? ''}
        error={error('initialHint')}
        onChange={(hint) => set({ initialHint: hint === '' ? null : hint })}
      />
      <div className="creator-field-row">
        <FileField
          slot={{ target: 'hint', key: numeral.key, kind: 'picture' }}
          stored={numeral.hintPicture}
          label={t('creator.hint-picture')}
          id={itemFieldId(numeral.key, 'hintPicture')}
          error={error('hintPicture')}
        />
        <ItemMedia
          slot={{ target: 'numeral', key: numeral.key }}
          picture={numeral.picture}
          videoS3={numeral.videoS3}
          error={error}
        />
      </div>
      <CalculatorCheck
        itemKey={numeral.key}
        checked={numeral.calculator}
        onChange={(calculator) => set({ calculator })}
      />
      <StepsEditor
        numeral={numeral}
        numeralNumber={number}
        issues={issues}
        announce={actions.announce}
        onDeleteStep={(step, stepNumber) =>
          actions.askDelete({
            numeralKey: numeral.key,
            stepKey: step.key,
            label: t('creator.place-step', { number, step: stepNumber }),
          })
        }
        setFocus={actions.focus}
      />
    </SortableItem>
  );
});

/** A numeral's steps in order: added after any other, deleted after confirming, reordered. */
function StepsEditor({
  numeral,
  numeralNumber,
  issues,
  announce,
  onDeleteStep,
  setFocus,
}: {
  numeral: NumeralDraft;
  numeralNumber: number;
  issues: readonly DraftIssue[];
  announce: Announce;
  onDeleteStep: (step: StepDraft, stepNumber: number) => void;
  setFocus: (focus: FocusTarget) => void;
}) {
  const t = useT();
  const headingId = useId();
  const store = useCreatorDraftStore();
  const sensors = useListSensors();
  const steps = numeral.steps;
  const total = steps.length;
  const full = total >= LIMITS.itemsMaxCount;
  const position = (id: UniqueIdentifier) => steps.findIndex((s) => s.key === id) + 1;
  const name = (id: UniqueIdentifier) =>
    t('creator.place-step', { number: numeralNumber, step: position(id) });

  const add = (afterKey: string | null) => {
    const key = store.getState().addStep(numeral.key, afterKey);
    const at =
      store
        .getState()
        .draft.numerals.find((n) => n.key === numeral.key)
        ?.steps.findIndex((s) => s.key === key) ?? 0;
    announce(
      t('creator.step-added', { name: t('creator.place-step', { number: numeralNumber, step: at + 1 }) }),
    );
    setFocus({ key, action: 'heading' });
  };
  const move = (key: string, offset: -1 | 1) => {
    const from = position(key);
    if (!store.getState().moveStep(numeral.key, key, offset)) return;
    announce(
      t('creator.item-moved', {
        name: t('creator.place-step', { number: numeralNumber, step: from }),
        position: from + offset,
        total,
      }),
    );
    setFocus({ key, action: offset < 0 ? 'up' : 'down' });
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id)
      store.getState().reorderSteps(numeral.key, String(active.id), String(over.id));
  };

  return (
    <section className="creator-steps" aria-labelledby={headingId}>
      <h4 id={headingId}>
        {t('creator.steps-title', {
          name: t('creator.place-numeral', { number: numeralNumber }),
          count: total,
        })}
      </h4>
      <button
        type="button"
        className="button button-secondary modules-small"
        disabled={full}
        onClick={() => add(null)}
      >
        {t('creator.add-step-first')}
        <span className="visually-hidden"> {t('creator.place-numeral', { number: numeralNumber })}</span>
      </button>
      {total > 0 && (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements: dragAnnouncements(t, name, position, () => total),
            screenReaderInstructions: { draggable: t('creator.drag-instructions') },
          }}
        >
          <SortableContext items={steps.map((s) => s.key)} strategy={verticalListSortingStrategy}>
            <ol className="creator-items creator-step-list" aria-labelledby={headingId}>
              {steps.map((step, index) => (
                <StepCard
                  key={step.key}
                  numeralKey={numeral.key}
                  step={step}
                  label={t('creator.place-step', { number: numeralNumber, step: index + 1 })}
                  heading={t('creator.step-heading', { step: index + 1 })}
                  first={index === 0}
                  last={index === total - 1}
                  full={full}
                  issues={issues}
                  onUp={() => move(step.key, -1)}
                  onDown={() => move(step.key, 1)}
                  onAddAfter={() => add(step.key)}
                  onDelete={() => onDeleteStep(step, index + 1)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </section>
  );
}

/** One step: its bar, instruction, explanation, math type and form, picture, video and calculator. */
function StepCard({
  numeralKey,
  step,
  label,
  heading,
  first,
  last,
  full,
  issues,
  onUp,
  onDown,
  onAddAfter,
  onDelete,
}: {
  numeralKey: string;
  step: StepDraft;
  label: string;
  heading: ReactNode & string;
  first: boolean;
  last: boolean;
  full: boolean;
  issues: readonly DraftIssue[];
  onUp: () => void;
  onDown: () => void;
  onAddAfter: () => void;
  onDelete: () => void;
}) {
  const t = useT();
  const store = useCreatorDraftStore();
  const issueText = useIssueText();
  const itemRef: ItemRef = { numeralKey, stepKey: step.key };
  const error = (field: string) => issueText(fieldIssue(issues, step.key, field));
  const set = (change: Parameters<ReturnType<typeof store.getState>['setStep']>[2]) =>
    store.getState().setStep(numeralKey, step.key, change);
  return (
    <SortableItem
      className="creator-item creator-step"
      roleDescription={t('creator.drag-role-step')}
      bar={{
        sortableId: step.key,
        heading,
        headingLevel: 4,
        name: label,
        first,
        last,
        full,
        addLabel: t('creator.add-step-after'),
        onUp,
        onDown,
        onAddAfter,
        onDelete,
      }}
    >
      <ItemText
        itemKey={step.key}
        field="instruction"
        label={t('creator.instruction')}
        value={step.instruction}
        error={error('instruction')}
        hint={t('creator.math-hint')}
        onChange={(instruction) => set({ instruction })}
      />
      <ItemText
        itemKey={step.key}
        field="explanation"
        label={t('creator.explanation')}
        value={step.explanation}
        error={error('explanation')}
        onChange={(explanation) => set({ explanation })}
      />
      <MathTypeSection item={step} itemRef={itemRef} issues={issues} label={label} />
      <div className="creator-field-row">
        <ItemMedia
          slot={{ target: 'step', key: step.key }}
          picture={step.picture}
          videoS3={step.videoS3}
          error={error}
        />
      </div>
      <CalculatorCheck
        itemKey={step.key}
        checked={step.calculator}
        onChange={(calculator) => set({ calculator })}
      />
    </SortableItem>
  );
}
