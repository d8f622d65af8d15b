import { describe, expect, expectTypeOf, it } from 'vitest';
import { camelCaseKey, snakeCaseKey, toCamelCase, toSnakeCase } from './casing';

describe('key conversion', () => {
  it.each([
    ['moduleId', 'module_id'],
    ['rIndex', 'r_index'],
    ['x1', 'x1'],
    ['publishProblem', 'publish_problem'],
    ['answer', 'answer'],
    ['studentAccessCode', 'student_access_code'],
  ])('%s becomes %s on the wire', (camel, snake) => {
    expect(snakeCaseKey(camel)).toBe(snake);
  });

  it.each([
    ['module_id', 'moduleId'],
    ['r_index', 'rIndex'],
    ['show_math_field', 'showMathField'],
    ['picture_1', 'picture_1'],
    ['x1', 'x1'],
    ['answer', 'answer'],
  ])('%s becomes %s in code', (snake, camel) => {
    expect(camelCaseKey(snake)).toBe(camel);
  });

  it.each(['moduleId', 'rIndex', 'studentAccessCode', 'x1', 'picture_1'])(
    '%s survives a round trip to the wire and back',
    (key) => {
      expect(camelCaseKey(snakeCaseKey(key))).toBe(key);
    },
  );
});

describe('toSnakeCase and toCamelCase', () => {
  const deadline = new Date('2025-03-01T12:00:00Z');
  const camel = {
    moduleId: 7,
    moduleClassrooms: [{ classroomId: 2, publishDate: deadline, deadline: null }],
    studentModule: { nestedValue: 'keepThisCamelText' },
    numbers: [1, 2, 3],
    tuples: [
      [1, 2],
      [3, 4],
    ],
  };
  const snake = {
    module_id: 7,
    module_classrooms: [{ classroom_id: 2, publish_date: deadline, deadline: null }],
    student_module: { nested_value: 'keepThisCamelText' },
    numbers: [1, 2, 3],
    tuples: [
      [1, 2],
      [3, 4],
    ],
  };

  it('converts keys at every depth, through arrays, leaving values alone', () => {
    expect(toSnakeCase(camel)).toEqual(snake);
    expect(toCamelCase(snake)).toEqual(camel);
  });

  it('keeps Date values as the same Date instances', () => {
    const converted = toSnakeCase(camel);
    expect(converted.module_classrooms[0]?.publish_date).toBe(deadline);
  });

  it('does not change its input', () => {
    const input = { someKey: { innerKey: 1 } };
    toSnakeCase(input);
    expect(input).toEqual({ someKey: { innerKey: 1 } });
  });

  it.each<[string, unknown]>([
    ['a string', 'someText'],
    ['a number', 4],
    ['null', null],
    ['undefined', undefined],
    ['a Date', new Date(0)],
    ['a Map', new Map([['someKey', 1]])],
  ])('returns %s as it is', (_title, value) => {
    expect(toCamelCase(value)).toBe(value);
    expect(toSnakeCase(value)).toBe(value);
  });

  it('converts objects without a prototype too', () => {
    const bare = Object.create(null) as Record<string, unknown>;
    bare['user_id'] = 1;
    expect(toCamelCase(bare)).toEqual({ userId: 1 });
  });

  it('types the converted keys', () => {
    expectTypeOf(toSnakeCase({ moduleId: 1, list: [{ rIndex: 0 }] })).toEqualTypeOf<{
      module_id: number;
      list: { r_index: number }[];
    }>();
    expectTypeOf(toCamelCase({ show_math_field: true, at: new Date() })).toEqualTypeOf<{
      showMathField: boolean;
      at: Date;
    }>();
  });
});

describe('deeply nested values', () => {
  it('converts a value nested far deeper than the call stack allows, without overflowing', () => {
    let deep: unknown = { leaf_key: 'x' };
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? { some_key: deep } : [deep];
    let converted = toCamelCase(deep) as unknown;
    let depth = 0;
    while (typeof converted === 'object' && converted !== null && !('leafKey' in converted)) {
      converted = Array.isArray(converted) ? converted[0] : (converted as { someKey: unknown }).someKey;
      depth++;
    }
    expect(depth).toBe(100_000);
    expect(converted).toEqual({ leafKey: 'x' });
  });

  it('keeps the order of keys and a __proto__ key as an own key', () => {
    const input = JSON.parse(
      '{"zLast":1,"aFirst":[{"bKey":2,"aKey":3}],"__proto__":{"isAdmin":true}}',
    ) as object;
    const converted = toSnakeCase(input) as Record<string, unknown>;
    expect(Object.keys(converted)).toEqual(['z_last', 'a_first', '__proto__']);
    expect(Object.keys((converted.a_first as object[])[0]!)).toEqual(['b_key', 'a_key']);
    expect(Object.getPrototypeOf(converted)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(converted, '__proto__')?.value).toEqual({ is_admin: true });
  });
});
