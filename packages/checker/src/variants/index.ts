/** Offline problem variants: new numbers, answers recomputed by the checker's algebra and checked. */
export {
  makeVariants,
  VARIANTS_BUDGET_MS,
  VARIANTS_MAX_COUNT,
  type ItemRef,
  type KeptItem,
  type KeptReason,
  type ProblemVariant,
  type VariantAnswer,
  type VariantOptions,
  type VariantsOutcome,
} from './problem';
export { hasVariants, VARIANT_MATH_TYPES, type VariantMathType } from './items';
export { mathPieces } from './numbers';
