/**
 * Key casing for the wire (snake_case, spec 01 §7) versus the code (camelCase). Only the keys of
 * plain objects change; arrays are walked; strings, numbers, Dates and other class instances are
 * returned as they are.
 */

/** `moduleId` → `module_id`: every uppercase letter becomes `_` plus its lowercase form. */
export type SnakeCase<S extends string> = S extends `${infer Head}${infer Tail}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Tail>}`
  : S;

/** `module_id` → `moduleId`: every `_` followed by a lowercase letter becomes that letter uppercased. */
export type CamelCase<S extends string> = S extends `${infer Head}_${infer Tail}`
  ? Tail extends `${infer First}${infer Rest}`
    ? First extends Lowercase<First>
      ? First extends Uppercase<First>
        ? `${Head}_${CamelCase<Tail>}`
        : `${Head}${Uppercase<First>}${CamelCase<Rest>}`
      : `${Head}_${CamelCase<Tail>}`
    : S
  : S;

type Leaf = string | number | boolean | bigint | symbol | null | undefined | Date | RegExp;

/** `T` with the keys of every nested plain object in snake_case. */
export type SnakeCasedDeep<T> = T extends Leaf
  ? T
  : T extends (...args: never[]) => unknown
    ? T
    : T extends readonly unknown[]
      ? { [I in keyof T]: SnakeCasedDeep<T[I]> }
      : T extends object
        ? { [K in keyof T as K extends string ? SnakeCase<K> : K]: SnakeCasedDeep<T[K]> }
        : T;

/** `T` with the keys of every nested plain object in camelCase. */
export type CamelCasedDeep<T> = T extends Leaf
  ? T
  : T extends (...args: never[]) => unknown
    ? T
    : T extends readonly unknown[]
      ? { [I in keyof T]: CamelCasedDeep<T[I]> }
      : T extends object
        ? { [K in keyof T as K extends string ? CamelCase<K> : K]: CamelCasedDeep<T[K]> }
        : T;

/** Converts one camelCase key to snake_case (`rIndex` → `r_index`). */
export function snakeCaseKey(key: string): string {
  return key.replace(/\p{Lu}/gu, (letter) => `_${letter.toLowerCase()}`);
}

/** Converts one snake_case key to camelCase (`r_index` → `rIndex`); `_` before a non-letter stays. */
export function camelCaseKey(key: string): string {
  return key.replace(/_(\p{Ll})/gu, (_match, letter: string) => letter.toUpperCase());
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The conversion walks with its own stack instead of recursing, so a hostile body nested thousands
 * of levels deep cannot overflow the call stack; the keys of each object keep their order.
 */
function convertKeys(value: unknown, convertKey: (key: string) => string): unknown {
  const root: { value?: unknown } = {};
  const pending: Array<{ source: unknown; put: (converted: unknown) => void }> = [
    { source: value, put: (converted) => (root.value = converted) },
  ];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { source, put } = next;
    if (Array.isArray(source)) {
      const items: unknown[] = new Array<unknown>(source.length);
      put(items);
      source.forEach((item: unknown, index) =>
        pending.push({ source: item, put: (converted) => (items[index] = converted) }),
      );
    } else if (isPlainObject(source)) {
      const result: Record<string, unknown> = {};
      put(result);
      for (const [key, item] of Object.entries(source)) {
        const converted = convertKey(key);
        // Defined, not assigned: a `__proto__` key stays a key and never becomes the prototype.
        Object.defineProperty(result, converted, {
          value: undefined,
          enumerable: true,
          writable: true,
          configurable: true,
        });
        pending.push({ source: item, put: (entry) => (result[converted] = entry) });
      }
    } else put(source);
  }
  return root.value;
}

/** A deep copy of `value` whose plain-object keys are snake_case, for a request body. */
export function toSnakeCase<T>(value: T): SnakeCasedDeep<T> {
  return convertKeys(value, snakeCaseKey) as SnakeCasedDeep<T>;
}

/** A deep copy of `value` whose plain-object keys are camelCase, for a parsed response. */
export function toCamelCase<T>(value: T): CamelCasedDeep<T> {
  return convertKeys(value, camelCaseKey) as CamelCasedDeep<T>;
}
