import type { MathType, NumeralDraft, ProblemDraft, StepDraft } from '@kib/core';
import { hashSeed, Prng } from '../expr/prng';
import type { CheckRequest } from '../types';
import { brokenNumeral } from './claims';
import { planItem, solveSolutions, type ItemPlan, type VariedItem } from './items';
import {
  drawValue,
  keyOfNumber,
  latexNumberKeys,
  remapText,
  textNumberKeys,
  type NumberMap,
} from './numbers';

/** The most variants one request makes. */
export const VARIANTS_MAX_COUNT = 50;

/** The longest one request may spend making variants, in ms (variants not made by then are left out). */
export const VARIANTS_BUDGET_MS = 10_000;

/** Draws of new numbers tried for each variant before the item that fails most is kept as it was. */
const DRAWS_PER_ROUND = 120;

/** Draws of new numbers tried for one variant at most. */
const MAX_DRAWS = 400;

/** A numeral (step null) or one of its steps, 1-based as the creation tool shows them. */
export interface ItemRef {
  numeral: number;
  step: number | null;
  mathType: MathType;
}

/** Why an item is the same in every variant. */
export type KeptReason = 'type-unsupported' | 'no-numbers' | 'not-rebuilt' | 'unchanged';

/** An item kept as it was, and why. */
export interface KeptItem extends ItemRef {
  reason: KeptReason;
}

/** A varied item's own answer, as a `kib-check` request line (`mathType`, `data`, `answer`). */
export type VariantAnswer = ItemRef & Pick<CheckRequest, 'data' | 'answer'>;

/** One variant: a draft in the creation tool's shape and the own answer of each varied item. */
export interface ProblemVariant {
  problem: ProblemDraft;
  answers: VariantAnswer[];
}

/**
 * What makeVariants gives: the variants made, and which items vary and which are kept; or why there
 * are none: no item has numbers to vary (`unsupported`), or no draw gave a fitting problem in time.
 */
export type VariantsOutcome =
  | { ok: true; variants: ProblemVariant[]; varied: ItemRef[]; kept: KeptItem[] }
  | { ok: false; error: 'unsupported' | 'none-found'; kept: KeptItem[] };

/** How many variants, from which seed, within what time. */
export interface VariantOptions {
  count: number;
  /** The same seed gives the same variants (default 1). */
  seed?: number;
  budgetMs?: number;
  now?: () => number;
}

interface Item {
  ref: ItemRef;
  content: NumeralDraft | StepDraft;
  plan: ItemPlan | null;
  kept: KeptReason | null;
  failures: number;
}

const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

function draftKey(rng: Prng): string {
  let key = '';
  for (let i = 0; i < 8; i++) key += KEY_ALPHABET[rng.int(0, KEY_ALPHABET.length - 1)];
  return key;
}

/** The number keys an item's record and choices mention (its numbers then stay as they are). */
function mentionedKeys(content: NumeralDraft | StepDraft, into: Set<string>): void {
  const visit = (value: unknown, key?: string): void => {
    if (typeof value === 'number' && Number.isFinite(value) && value !== 0) into.add(keyOfNumber(value));
    else if (typeof value === 'string' && key !== 'id') latexNumberKeys(value, into);
    else if (Array.isArray(value)) value.forEach((v) => visit(v));
    else if (value && typeof value === 'object')
      for (const [k, v] of Object.entries(value)) if (k !== 'id' && k !== 'key') visit(v, k);
  };
  visit(content.data);
  for (const choice of content.choices) textNumberKeys(choice.text, into);
}

function itemsOf(draft: ProblemDraft): Item[] {
  const items: Item[] = [];
  const solves: { index: number; solutions: number[] }[] = [];
  draft.numerals.forEach((numeral, i) => {
    const entries: [NumeralDraft | StepDraft, number | null, string[]][] = [
      [numeral, null, [numeral.question]],
      ...numeral.steps.map((s, j): [StepDraft, number, string[]] => [
        s,
        j + 1,
        [s.instruction, numeral.question],
      ]),
    ];
    for (const [content, step, texts] of entries) {
      const ref = { numeral: i + 1, step, mathType: content.mathType };
      const plan = planItem(content.mathType, content.data, { texts, solves: [...solves] });
      const index = items.length;
      const kept: KeptReason | null =
        plan === null
          ? 'type-unsupported'
          : plan.sources.size === 0 && plan.mathType !== 'numberlinePoints'
            ? 'no-numbers'
            : null;
      items.push({ ref, content, plan, kept, failures: 0 });
      if (content.mathType === 'solve') {
        const solutions = solveSolutions(content.data);
        if (solutions) solves.push({ index, solutions });
      }
    }
  });
  return items;
}

/**
 * The keys drawn anew: those the varied items are built from, less those a kept item mentions and
 * those an earlier item computes (a factored target follows the solutions of the equation before it).
 */
function variableKeys(items: readonly Item[]): { keys: string[]; smooth: Set<string> } {
  const fixed = new Set<string>();
  for (const item of items) if (item.kept) mentionedKeys(item.content, fixed);
  const keys = new Set<string>();
  const derived = new Set<string>();
  const smooth = new Set<string>();
  for (const item of items) {
    if (item.kept || !item.plan) continue;
    for (const key of item.plan.sources) {
      if (fixed.has(key) || derived.has(key) || Number(key) === 0) continue;
      keys.add(key);
      if (item.plan.smooth) smooth.add(key);
    }
    for (const key of item.plan.derives) if (!keys.has(key)) derived.add(key);
  }
  return { keys: [...keys].sort(), smooth };
}

/**
 * One new number per key: no two keys with the same new number, and none equal to a number the
 * problem already has (a new 3 beside an old 3 would say two things with one number). Null when a
 * key found no such number in its draws.
 */
function drawMap(
  keys: readonly string[],
  smooth: ReadonlySet<string>,
  rng: Prng,
  present: ReadonlySet<string>,
): NumberMap | null {
  const map = new Map<string, string>();
  const used = new Set<string>(present);
  for (const key of keys) {
    let value: string | null = null;
    for (let i = 0; i < 10 && value === null; i++) {
      const drawn = drawValue(key, rng, smooth.has(key));
      if (!used.has(drawn)) value = drawn;
    }
    if (value === null) return null;
    used.add(value);
    map.set(key, value);
  }
  return map;
}

/**
 * The numbers that stay as they are in a variant: those the problem mentions, less the keys drawn
 * anew and those an item computes from them (a solution, a target), which change with them.
 */
function staying(present: ReadonlySet<string>, keys: readonly string[], items: readonly Item[]): Set<string> {
  const leaving = new Set(keys);
  for (const item of items)
    if (!item.kept && item.plan) for (const key of item.plan.derives) leaving.add(key);
  return new Set([...present].filter((key) => !leaving.has(key)));
}

/** Every number the problem mentions: its items' records and choices, and the math of its texts. */
function presentKeys(draft: ProblemDraft): Set<string> {
  const keys = new Set<string>();
  textNumberKeys(draft.description, keys);
  for (const numeral of draft.numerals) {
    for (const item of [numeral, ...numeral.steps]) mentionedKeys(item, keys);
    for (const text of [numeral.question, numeral.initialHint ?? '']) textNumberKeys(text, keys);
    for (const step of numeral.steps) {
      textNumberKeys(step.instruction, keys);
      textNumberKeys(step.explanation, keys);
    }
  }
  return keys;
}

/**
 * The varied items of one draw and the map the texts follow (the drawn numbers and those the items
 * computed), or the index of the first item that could not be rebuilt or that computed a number
 * differently from an earlier item.
 */
function tryMap(
  items: readonly Item[],
  drawn: NumberMap,
): { done: Map<number, VariedItem>; map: NumberMap } | number {
  const done = new Map<number, VariedItem>();
  const map = new Map(drawn);
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    if (item.kept || !item.plan) continue;
    const varied = item.plan.vary(map, done);
    if (!varied) return i;
    for (const [before, after] of varied.derived ?? []) {
      if (before === 0 || Math.sign(before) !== Math.sign(after)) continue;
      const key = keyOfNumber(before);
      if (drawn.has(key)) continue;
      const value = keyOfNumber(after);
      const known = map.get(key);
      if (known !== undefined && known !== value) return i;
      map.set(key, value);
    }
    done.set(i, varied);
  }
  return { done, map };
}

function titleFor(draft: ProblemDraft, n: number): string {
  const suffix = draft.language === 'en' ? ` (variant ${n})` : ` (variante ${n})`;
  return `${draft.title.slice(0, 200 - suffix.length)}${suffix}`;
}

function buildDraft(
  draft: ProblemDraft,
  items: readonly Item[],
  done: ReadonlyMap<number, VariedItem>,
  map: NumberMap,
  n: number,
  rng: Prng,
): ProblemDraft {
  const dataOf = new Map<NumeralDraft | StepDraft, unknown>();
  items.forEach((item, i) => {
    const varied = done.get(i);
    if (varied) dataOf.set(item.content, varied.data);
  });
  const fresh = <T extends NumeralDraft | StepDraft>(content: T) => ({
    data: dataOf.has(content) ? dataOf.get(content) : content.data,
    choices: content.choices.map((c) => ({ ...c, key: draftKey(rng), id: null })),
  });
  return {
    ...draft,
    id: null,
    title: titleFor(draft, n),
    description: remapText(draft.description, map),
    publishProblem: false,
    numerals: draft.numerals.map((numeral) => ({
      ...numeral,
      ...fresh(numeral),
      key: draftKey(rng),
      id: null,
      question: remapText(numeral.question, map),
      initialHint: numeral.initialHint === null ? null : remapText(numeral.initialHint, map),
      steps: numeral.steps.map((step) => ({
        ...step,
        ...fresh(step),
        key: draftKey(rng),
        id: null,
        instruction: remapText(step.instruction, map),
        explanation: remapText(step.explanation, map),
      })),
    })),
  };
}

/**
 * Variants of a problem (the creation tool's draft): the same numerals and steps with new numbers.
 * Each distinct number of the problem's own data gets one new number of the same kind and size
 * (the same in every item and in the math of the texts), derived answers — solutions, targets,
 * values, tables, divisions — are recomputed by the checker's algebra, and every varied item's own
 * answer must pass `check`, else the draw is discarded and another made. An item that cannot be
 * rebuilt within a round of draws is kept as it was (and its numbers with it). Deterministic for a
 * seed; bounded by `budgetMs` (fewer variants come back when it runs out).
 */
export function makeVariants(draft: ProblemDraft, options: VariantOptions): VariantsOutcome {
  const count = Math.max(0, Math.min(VARIANTS_MAX_COUNT, Math.floor(options.count)));
  const now = options.now ?? (() => performance.now());
  const deadline = now() + (options.budgetMs ?? VARIANTS_BUDGET_MS);
  const seed = options.seed ?? 1;
  const items = itemsOf(draft);
  const keptList = () => items.filter((i) => i.kept !== null).map((i) => ({ ...i.ref, reason: i.kept! }));
  let { keys, smooth } = variableKeys(items);
  if (keys.length === 0) return { ok: false, error: 'unsupported', kept: keptList() };
  const signature = (done: ReadonlyMap<number, VariedItem>) =>
    JSON.stringify(items.map((item, i) => done.get(i)?.data ?? item.content.data));
  const seen = new Set([signature(new Map())]);
  const present = presentKeys(draft);
  const variants: ProblemVariant[] = [];
  for (let n = 1; n <= count && now() <= deadline; n++) {
    const rng = new Prng(hashSeed(`${seed}:${n}`));
    let made: ProblemVariant | null = null;
    for (const item of items) item.failures = 0;
    for (let draws = 0; !made && draws < MAX_DRAWS && now() <= deadline; draws++) {
      const varying = items.filter((item) => !item.kept && item.plan!.sources.size > 0).length;
      if (draws > 0 && draws % DRAWS_PER_ROUND === 0 && varying > 1) {
        // A round without a fitting draw: the item that failed most is kept as it was.
        const worst = items.reduce<Item | null>(
          (w, item) => (!item.kept && item.failures > (w?.failures ?? 0) ? item : w),
          null,
        );
        if (!worst) break;
        worst.kept = 'not-rebuilt';
        ({ keys, smooth } = variableKeys(items));
        if (keys.length === 0) break;
      }
      const drawn = drawMap(keys, smooth, rng, staying(present, keys, items));
      if (!drawn) continue;
      const tried = tryMap(items, drawn);
      if (typeof tried === 'number') {
        items[tried]!.failures++;
        continue;
      }
      const { done, map } = tried;
      const sig = signature(done);
      if (seen.has(sig)) continue;
      seen.add(sig);
      const problem = buildDraft(draft, items, done, map, n, rng);
      // A worked step, a hint or an explanation that the new numbers make false: not a variant.
      const broken = brokenNumeral(draft, problem);
      if (broken >= 0) {
        const numeralItem = items.find((item) => item.ref.numeral === broken + 1 && !item.kept);
        if (numeralItem) numeralItem.failures++;
        continue;
      }
      const answers = [...done].map(([i, v]) => ({
        ...items[i]!.ref,
        data: v.request.data,
        answer: v.request.answer,
      }));
      made = { problem, answers };
    }
    if (!made) break;
    variants.push(made);
  }
  if (variants.length === 0 && count > 0) return { ok: false, error: 'none-found', kept: keptList() };
  // An item whose record no variant changed (its numbers all fixed by others) is kept, and said so.
  for (const item of items) {
    if (item.kept !== null) continue;
    const before = JSON.stringify(item.content.data);
    const changed = variants.some((v) => {
      const numeral = v.problem.numerals[item.ref.numeral - 1];
      const content = item.ref.step === null ? numeral : numeral?.steps[item.ref.step - 1];
      return JSON.stringify(content?.data) !== before;
    });
    if (!changed) item.kept = 'unchanged';
  }
  const varied = items.filter((i) => i.kept === null).map((i) => i.ref);
  return { ok: true, variants, varied, kept: keptList() };
}
