import { ApiError } from '@kib/api-client';
import {
  csvText,
  STUDENT_SPREADSHEET_MAX_BYTES,
  type NewStudentRow,
  type RegisteredStudent,
  type TeacherClassroom,
} from '@kib/core';
import { downloadBlob } from '@kib/widgets';
import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import type { FollowedJob } from '../../app/follow-job';
import { useT, type Translate } from '../../i18n/language';
import { Field } from '../../ui/field';
import { FailureAlert } from '../../ui/form-submit';
import { useDocumentTitle } from '../../ui/use-document-title';
import {
  isForbidden,
  TEACHER_HOME,
  TEACHER_SCHOOL,
  useRegisterStudents,
  useTeacherData,
  type StudentRegistration,
} from './teacher-data';
import { ClassroomStudents } from './classroom-students';
import { TeacherNoAccess } from './teacher-layout';
import { ClassroomNotFound, TeacherPageWait } from './teacher-ui';

/** How many empty rows the table starts with. */
const START_ROWS = 5;
/** The spreadsheets the file input offers. */
const SPREADSHEET_TYPES = '.xlsx,.xls,.ods,.csv';

/** A row of the table as the teacher types it; `key` keeps each row's inputs its own. */
interface TypedRow {
  key: number;
  firstName: string;
  lastName: string;
  email: string;
}

/** The table's columns, in order. */
const COLUMNS = ['firstName', 'lastName', 'email'] as const;
type Column = (typeof COLUMNS)[number];

/** The last registration: each row's outcome, and the number of the row it came from. */
interface Outcome {
  results: readonly RegisteredStudent[];
  /** The typed table's row of each result; null for a spreadsheet (its rows are the server's). */
  rows: readonly number[] | null;
}

/**
 * /teacher/classroom/{id}/createRegisterStudents (spec 03 §2, §3, §4, §5, §9): the teacher
 * registers students in a classroom by typing them in a table or by uploading a spreadsheet. Each
 * row's outcome shows in a table (created with its password, already existed, activated, or why
 * it was refused), with a summary and a CSV of the results to hand the passwords out.
 */
export function RegisterStudentsPage() {
  const t = useT();
  const id = Number(useParams().classroomId);
  const teacher = useTeacherData();
  const classroom = teacher.data?.classrooms.find((c) => c.id === id);
  useDocumentTitle(
    classroom
      ? t('teacher.register-title', { name: classroom.name })
      : teacher.data
        ? t('teacher.classroom-not-found-title')
        : t('teacher.register-link'),
  );

  if (isForbidden(teacher.error)) return <TeacherNoAccess />;
  if (teacher.data && !teacher.data.validSubscription) return <Navigate to={TEACHER_SCHOOL} replace />;
  if (teacher.data)
    return classroom ? <Registration key={classroom.id} classroom={classroom} /> : <ClassroomNotFound />;
  return <TeacherPageWait title={t('teacher.register-link')} query={teacher} />;
}

function Registration({ classroom }: { classroom: TeacherClassroom }) {
  const t = useT();
  const [progress, setProgress] = useState<FollowedJob<unknown> | null>(null);
  const register = useRegisterStudents(setProgress);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [lastKind, setLastKind] = useState<StudentRegistration['kind'] | null>(null);
  const [focusResults, setFocusResults] = useState(false);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (!focusResults) return;
    resultsHeading.current?.focus();
    setFocusResults(false);
  }, [focusResults]);

  const send = async (input: StudentRegistration, rows: readonly number[] | null) => {
    setLastKind(input.kind);
    const answer = await register.mutateAsync(input);
    setOutcome({ results: answer.results, rows });
    setFocusResults(true);
    return answer.results;
  };

  if (register.error instanceof ApiError && register.error.status === 404) return <ClassroomNotFound />;
  const failure = (kind: StudentRegistration['kind']) => (lastKind === kind ? register.error : null);

  return (
    <div className="teacher-page">
      <nav className="teacher-breadcrumb" aria-label={t('teacher.breadcrumb')}>
        <ol>
          <li>
            <Link to={TEACHER_HOME}>{t('teacher.classes-title')}</Link>
          </li>
          <li aria-current="page">{classroom.name}</li>
        </ol>
      </nav>
      <h1 id={titleId}>{t('teacher.register-title', { name: classroom.name })}</h1>
      <p className="teacher-lead">{t('teacher.register-lead')}</p>
      <TypedStudents
        pending={register.isPending}
        failure={failure('rows')}
        onSend={async (newStudents, rows) => {
          const results = await send({ kind: 'rows', classroom: classroom.id, newStudents }, rows);
          return results.map((result) => result.action === 'Error');
        }}
        onEdit={() => register.reset()}
      />
      <StudentFile
        pending={register.isPending}
        failure={failure('file')}
        onSend={async (content) => {
          await send({ kind: 'file', classroom: classroom.id, content }, null);
        }}
        onEdit={() => register.reset()}
      />
      <div role="status" className="teacher-register-summary">
        {register.isPending && progress ? (
          <p>{t(progress.state === 'queued' ? 'teacher.register-queued' : 'teacher.register-running')}</p>
        ) : (
          outcome && <p>{summaryText(outcome.results, t)}</p>
        )}
      </div>
      {outcome && (
        <Results ref={resultsHeading} classroom={classroom} outcome={outcome} typed={outcome.rows !== null} />
      )}
      <ClassroomStudents classroom={classroom} />
    </div>
  );
}

/** "3 creados, 1 ya existía, 2 con error." */
function summaryText(results: readonly RegisteredStudent[], t: Translate): string {
  const count = (test: (result: RegisteredStudent) => boolean) => results.filter(test).length;
  return t('teacher.summary', {
    created: t('teacher.summary-created', { count: count((r) => r.action === 'Created') }),
    existed: t('teacher.summary-existed', {
      count: count((r) => r.action === 'AlreadyExisted' || r.action === 'WasNotActive'),
    }),
    errors: t('teacher.summary-errors', { count: count((r) => r.action === 'Error') }),
  });
}

let nextRowKey = 0;
const emptyRow = (): TypedRow => ({ key: nextRowKey++, firstName: '', lastName: '', email: '' });
const emptyRows = (n: number) => Array.from({ length: n }, emptyRow);
const isBlank = (row: TypedRow) => !row.firstName.trim() && !row.lastName.trim() && !row.email.trim();

/**
 * The table the teacher types students in: first name, last name and e-mail per row, a button
 * that adds a row and one per row that removes it. Empty rows are not sent. After a registration
 * only the refused rows stay, to be corrected and sent again.
 */
function TypedStudents({
  pending,
  failure,
  onSend,
  onEdit,
}: {
  pending: boolean;
  failure: unknown;
  /** Sends the rows; answers, for each row sent, whether it was refused. */
  onSend: (students: NewStudentRow[], rows: number[]) => Promise<boolean[]>;
  onEdit: () => void;
}) {
  const t = useT();
  const headingId = useId();
  const hintId = useId();
  const emptyId = useId();
  const [rows, setRows] = useState<TypedRow[]>(() => emptyRows(START_ROWS));
  const [empty, setEmpty] = useState(false);
  const [focus, setFocus] = useState<{ to: 'input' | 'remove'; key: number } | { to: 'add' } | null>(null);
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const removeButtons = useRef(new Map<number, HTMLButtonElement>());
  const addButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!focus) return;
    if (focus.to === 'add') addButton.current?.focus();
    else (focus.to === 'input' ? inputs : removeButtons).current.get(focus.key)?.focus();
    setFocus(null);
  }, [focus]);

  const label = (column: Column) =>
    ({
      firstName: t('teacher.col-first-name'),
      lastName: t('teacher.col-last-name'),
      email: t('teacher.col-email'),
    })[column];

  const change = (key: number, column: Column, value: string) => {
    setEmpty(false);
    onEdit();
    setRows((all) => all.map((row) => (row.key === key ? { ...row, [column]: value } : row)));
  };

  const add = () => {
    const row = emptyRow();
    setRows((all) => [...all, row]);
    setFocus({ to: 'input', key: row.key });
  };

  const remove = (index: number) => {
    const next = rows.filter((_, i) => i !== index);
    if (next.length === 0) {
      const row = emptyRow();
      setRows([row]);
      setFocus({ to: 'add' });
      return;
    }
    setRows(next);
    const after = next[index] ?? next[index - 1];
    setFocus(after ? { to: 'remove', key: after.key } : { to: 'add' });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const filled = rows.map((row, index) => ({ row, index })).filter(({ row }) => !isBlank(row));
    if (filled.length === 0) {
      setEmpty(true);
      inputs.current.get(rows[0]!.key)?.focus();
      return;
    }
    let refused: boolean[];
    try {
      refused = await onSend(
        filled.map(({ row }) => ({
          firstName: row.firstName.trim(),
          lastName: row.lastName.trim(),
          email: row.email.trim(),
        })),
        filled.map(({ index }) => index + 1),
      );
    } catch {
      return;
    }
    const kept = filled.filter((_, i) => refused[i]).map(({ row }) => row);
    setRows(kept.length > 0 ? kept : emptyRows(START_ROWS));
  };

  return (
    <section className="card teacher-register-part" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('teacher.type-title')}</h2>
      <p id={hintId} className="teacher-register-hint">
        {t('teacher.type-lead')}
      </p>
      <form aria-labelledby={headingId} noValidate onSubmit={(event) => void submit(event)}>
        <div className="teacher-table-wrap">
          <table className="teacher-table teacher-entry-table" aria-describedby={hintId}>
            <thead>
              <tr>
                <th scope="col">{t('teacher.col-row')}</th>
                {COLUMNS.map((column) => (
                  <th key={column} scope="col">
                    {label(column)}
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">{t('teacher.col-remove')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, index) => (
                <tr key={row.key}>
                  <td className="teacher-table-number">{index + 1}</td>
                  {COLUMNS.map((column) => (
                    <td key={column}>
                      <input
                        ref={(input) => {
                          if (column !== 'firstName') return;
                          if (input) inputs.current.set(row.key, input);
                          else inputs.current.delete(row.key);
                        }}
                        className="input"
                        type={column === 'email' ? 'email' : 'text'}
                        autoComplete="off"
                        spellCheck={column !== 'email'}
                        maxLength={column === 'email' ? 254 : 150}
                        aria-label={t('teacher.cell-label', { column: label(column), row: index + 1 })}
                        aria-describedby={empty && index === 0 ? emptyId : undefined}
                        aria-invalid={empty && index === 0 ? true : undefined}
                        value={row[column]}
                        onChange={(event) => change(row.key, column, event.target.value)}
                      />
                    </td>
                  ))}
                  <td>
                    <button
                      ref={(button) => {
                        if (button) removeButtons.current.set(row.key, button);
                        else removeButtons.current.delete(row.key);
                      }}
                      type="button"
                      className="button button-secondary teacher-row-remove"
                      aria-label={t('teacher.remove-row', { row: index + 1 })}
                      onClick={() => remove(index)}
                    >
                      <span aria-hidden="true">×</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {empty && (
          <p id={emptyId} className="field-error" role="alert">
            {t('teacher.type-empty')}
          </p>
        )}
        <FailureAlert error={failure} />
        <div className="form-actions">
          <button ref={addButton} type="button" className="button button-secondary" onClick={add}>
            {t('teacher.add-row')}
          </button>
          <button type="submit" className="button button-primary" disabled={pending}>
            {pending ? t('teacher.working') : t('teacher.type-submit')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** A file's bytes in base64. */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * The spreadsheet upload: one file (.xlsx, .xls, .ods or .csv, at most 4 MB), read in the browser
 * and sent in base64. What is wrong with the file (too large, not a spreadsheet, no rows) shows
 * under it.
 */
function StudentFile({
  pending,
  failure,
  onSend,
  onEdit,
}: {
  pending: boolean;
  failure: unknown;
  onSend: (content: string) => Promise<void>;
  onEdit: () => void;
}) {
  const t = useT();
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const serverError = failure instanceof ApiError ? (failure.fields.content?.[0] ?? null) : null;
  const shown = error ?? serverError;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const file = input.current?.files?.[0];
    if (!file) {
      setError(t('teacher.file-missing'));
      input.current?.focus();
      return;
    }
    if (file.size > STUDENT_SPREADSHEET_MAX_BYTES) {
      setError(t('validation.spreadsheet-too-large'));
      input.current?.focus();
      return;
    }
    let content: string;
    try {
      content = toBase64(new Uint8Array(await file.arrayBuffer()));
    } catch {
      setError(t('teacher.file-unreadable'));
      input.current?.focus();
      return;
    }
    try {
      await onSend(content);
    } catch (refusal) {
      if (refusal instanceof ApiError && refusal.fields.content) input.current?.focus();
      return;
    }
    if (input.current) input.current.value = '';
  };

  return (
    <section className="card teacher-register-part" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('teacher.file-title')}</h2>
      <p className="teacher-register-hint">{t('teacher.file-lead')}</p>
      <form aria-labelledby={headingId} noValidate onSubmit={(event) => void submit(event)}>
        <Field
          ref={input}
          label={t('teacher.file-label')}
          type="file"
          accept={SPREADSHEET_TYPES}
          hint={t('teacher.file-hint')}
          error={shown ?? undefined}
          onChange={() => {
            setError(null);
            onEdit();
          }}
        />
        <FailureAlert error={failure} fields={['content']} />
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={pending}>
            {pending ? t('teacher.working') : t('teacher.file-submit')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** A row's outcome in words; a refused row says why. */
function statusText(result: RegisteredStudent, t: Translate): string {
  switch (result.action) {
    case 'Created':
      return t('teacher.status-created');
    case 'AlreadyExisted':
      return t('teacher.status-existed');
    case 'WasNotActive':
      return t('teacher.status-activated');
    case 'Error':
      return result.error ? t(result.error) : t('site.error-generic');
  }
}

/**
 * The results as a CSV (with a BOM, so spreadsheets read accents right, and text that a spreadsheet
 * would take for a formula escaped), headings in the reader's language.
 */
function resultsCsv(outcome: Outcome, t: Translate): string {
  const lines = [
    [
      t('teacher.col-row'),
      t('teacher.col-first-name'),
      t('teacher.col-last-name'),
      t('teacher.col-email'),
      t('teacher.col-status'),
      t('teacher.col-password'),
    ],
    ...outcome.results.map((result, i) => [
      String(outcome.rows?.[i] ?? result.row),
      result.firstName,
      result.lastName,
      result.email,
      statusText(result, t),
      result.password ?? '',
    ]),
  ];
  return csvText(lines);
}

const downloadCsv = (text: string, fileName: string) =>
  downloadBlob(new Blob([text], { type: 'text/csv;charset=utf-8' }), fileName);

/** The outcome of each row, the passwords of the new accounts, and the CSV to hand them out. */
function Results({
  classroom,
  outcome,
  typed,
  ref,
}: {
  classroom: TeacherClassroom;
  outcome: Outcome;
  typed: boolean;
  ref: Ref<HTMLHeadingElement>;
}) {
  const t = useT();
  const headingId = useId();
  const created = outcome.results.some((r) => r.action === 'Created');
  const refused = outcome.results.some((r) => r.action === 'Error');
  return (
    <section className="teacher-register-results" aria-labelledby={headingId}>
      <div className="teacher-page-header">
        <h2 id={headingId} ref={ref} tabIndex={-1}>
          {t('teacher.results-title')}
        </h2>
        <button
          type="button"
          className="button button-secondary"
          onClick={() =>
            downloadCsv(resultsCsv(outcome, t), t('teacher.results-file', { name: classroom.name }))
          }
        >
          {t('teacher.download-csv')}
        </button>
      </div>
      {created && <p className="teacher-register-hint">{t('teacher.results-passwords-hint')}</p>}
      {typed && refused && <p className="teacher-register-hint">{t('teacher.results-kept-hint')}</p>}
      <div className="teacher-table-wrap" role="group" aria-labelledby={headingId} tabIndex={0}>
        <table className="teacher-table">
          <caption className="visually-hidden">
            {t('teacher.results-caption', { name: classroom.name })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('teacher.col-row')}</th>
              <th scope="col">{t('teacher.col-first-name')}</th>
              <th scope="col">{t('teacher.col-last-name')}</th>
              <th scope="col">{t('teacher.col-email')}</th>
              <th scope="col">{t('teacher.col-status')}</th>
              <th scope="col">{t('teacher.col-password')}</th>
            </tr>
          </thead>
          <tbody>
            {outcome.results.map((result, i) => (
              <tr key={i} data-action={result.action}>
                <td className="teacher-table-number">{outcome.rows?.[i] ?? result.row}</td>
                <td>{result.firstName}</td>
                <td>{result.lastName}</td>
                <td>{result.email}</td>
                <td className="teacher-status">{statusText(result, t)}</td>
                <td>
                  {result.password ? (
                    <span className="teacher-password">{result.password}</span>
                  ) : (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className="visually-hidden">{t('teacher.no-password')}</span>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
