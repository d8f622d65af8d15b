import { API, LANGUAGES, MATH_TYPES, type Language, type MathType } from '@kib/core';
import { translate, type TranslationKey } from '@kib/i18n';
import type { Response } from 'express';
import type { ApiRouter } from '../http/api-router';
import type { LookupRepository } from './lookups.repository';

/** The catalog key of each math type's name (a math type without one does not compile). */
const MATH_TYPE_NAME_KEYS: Record<MathType, TranslationKey> = {
  solve: 'math-types.solve',
  simplify: 'math-types.simplify',
  functions: 'math-types.functions',
  equationOfALine: 'math-types.equation-of-a-line',
  findExpression: 'math-types.find-expression',
  plotLinearEquation: 'math-types.plot-linear-equation',
  plotFunction: 'math-types.plot-function',
  intervals: 'math-types.intervals',
  multipleChoice: 'math-types.multiple-choice',
  setPointCartesianPlane: 'math-types.set-point-cartesian-plane',
  setMultiPointPlane: 'math-types.set-multi-point-plane',
  numberlinePoints: 'math-types.numberline-points',
  tableSimple: 'math-types.table-simple',
  primeDecomposition: 'math-types.prime-decomposition',
};

/** The catalog key of each language's name. */
const LANGUAGE_NAME_KEYS: Record<Language, TranslationKey> = {
  es: 'languages.es',
  en: 'languages.en',
};

/**
 * How long browsers and proxies may keep a list: the math types and languages change only with a
 * new version of Kib (an hour), the topics and education systems when an administrator edits them
 * (five minutes). Every reader gets the same answer, so shared caches may keep it; past the age,
 * the ETag Express sends makes a second look cheap (304).
 */
const CODE_LIST_SECONDS = 3600;
const DATA_LIST_SECONDS = 300;

function cacheFor(res: Response, seconds: number): void {
  res.set('Cache-Control', `public, max-age=${seconds}`);
}

/** An entry's names in English and in Spanish, from the catalogs. */
function names(key: TranslationKey): { name: string; nameSpanish: string } {
  return { name: translate('en', key), nameSpanish: translate('es', key) };
}

/**
 * The reference lists (spec 01 §7, spec 02 §7): every topic, the fourteen math types, the
 * languages, and the education systems with their grades. Public and cacheable: they are the same
 * for every reader, both names of each entry included.
 */
export function registerLookupRoutes(api: ApiRouter, lookups: LookupRepository): void {
  api.handle(API.topics, {
    handle: async ({ res }) => {
      const topics = await lookups.topics();
      cacheFor(res, DATA_LIST_SECONDS);
      return { body: topics };
    },
  });

  api.handle(API.mathTypes, {
    handle: async ({ res }) => {
      cacheFor(res, CODE_LIST_SECONDS);
      return { body: MATH_TYPES.map((id) => ({ id, ...names(MATH_TYPE_NAME_KEYS[id]) })) };
    },
  });

  api.handle(API.languages, {
    handle: async ({ res }) => {
      cacheFor(res, CODE_LIST_SECONDS);
      return { body: LANGUAGES.map((id) => ({ id, ...names(LANGUAGE_NAME_KEYS[id]) })) };
    },
  });

  api.handle(API.educationSystems, {
    handle: async ({ res }) => {
      const answer = await lookups.educationSystems();
      cacheFor(res, DATA_LIST_SECONDS);
      return { body: answer };
    },
  });
}
