import { describe, expect, it } from 'vitest';
import { DeleteTempStudentSchema, ModuleCodeSchema, RegisterTempStudentSchema } from './activities.schemas';

describe('ModuleCodeSchema', () => {
  it.each([
    ['DEMO42', 'DEMO42'],
    [' de mo 42 ', 'DEMO42'],
    ['prof\t42\n', 'PROF42'],
  ])('reads %j as %j', (typed, code) => {
    expect(ModuleCodeSchema.parse(typed)).toBe(code);
  });

  it('refuses a code of spaces only, and one longer than 32 symbols', () => {
    expect(ModuleCodeSchema.safeParse('   ').success).toBe(false);
    expect(ModuleCodeSchema.safeParse('A'.repeat(33)).success).toBe(false);
  });
});

describe('RegisterTempStudentSchema', () => {
  it('accepts an anonymous student: missing, null or blank names become empty, a blank code none', () => {
    expect(
      RegisterTempStudentSchema.parse({ moduleCode: 'demo42', firstName: null, studentCode: '  ' }),
    ).toEqual({
      moduleCode: 'DEMO42',
      firstName: '',
      lastName: '',
      studentCode: null,
    });
  });

  it('trims names and the personal code, and bounds their length', () => {
    expect(
      RegisterTempStudentSchema.parse({
        moduleCode: 'X1',
        firstName: ' Ana ',
        lastName: 'Ríos ',
        studentCode: ' 7 ',
      }),
    ).toMatchObject({ firstName: 'Ana', lastName: 'Ríos', studentCode: '7' });
    const long = RegisterTempStudentSchema.safeParse({ moduleCode: 'X1', firstName: 'a'.repeat(151) });
    expect(long.success).toBe(false);
  });
});

describe('DeleteTempStudentSchema', () => {
  it('needs a positive student id and a code', () => {
    expect(DeleteTempStudentSchema.safeParse({ studentId: 0, moduleCode: 'P1' }).success).toBe(false);
    expect(DeleteTempStudentSchema.parse({ studentId: 3, moduleCode: ' p 1' })).toEqual({
      studentId: 3,
      moduleCode: 'P1',
    });
  });
});
