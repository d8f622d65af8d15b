import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { failsAgain, JOB_BROKE, jobTry } from './job-view';

/** An error as Sequelize wraps a refused statement: the driver's error, with its SQLSTATE, as `parent`. */
const refusedStatement = (code: string) =>
  Object.assign(new Error('refused'), { parent: { code }, original: { code } });

describe('failsAgain', () => {
  it("is true for Kib's refusals and for data the database refuses, false for what may mend", () => {
    expect(failsAgain(AppError.badRequest({}))).toBe(true);
    expect(failsAgain(new AppError(409, 'plan-student-limit'))).toBe(true);
    expect(failsAgain(refusedStatement('22001'))).toBe(true); // a value too long
    expect(failsAgain(refusedStatement('23505'))).toBe(true); // a unique key taken
    expect(failsAgain(new AppError(503, 'database-unavailable'))).toBe(false);
    expect(failsAgain(refusedStatement('40001'))).toBe(false); // a serialization failure
    expect(failsAgain(refusedStatement('57P01'))).toBe(false); // the server shutting down
    expect(failsAgain(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(false);
    expect(failsAgain(null)).toBe(false);
  });
});

describe('jobTry', () => {
  const heard: [unknown, boolean][] = [];
  const options = { lastTry: false, heard: (err: unknown, retry: boolean) => heard.push([err, retry]) };

  it('keeps a failure that another try cannot mend at once, without a retry', async () => {
    const err = refusedStatement('22001');
    expect(await jobTry(() => Promise.reject(err), options)).toEqual({ error: JOB_BROKE });
    expect(heard.at(-1)).toEqual([err, false]);
  });

  it('throws a failure that may mend for the queue to retry, and keeps it on the last try', async () => {
    const err = refusedStatement('40001');
    await expect(jobTry(() => Promise.reject(err), options)).rejects.toBe(err);
    expect(heard.at(-1)).toEqual([err, true]);
    expect(await jobTry(() => Promise.reject(err), { ...options, lastTry: true })).toEqual({
      error: JOB_BROKE,
    });
  });
});
