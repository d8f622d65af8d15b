import type { CreatorTeacher } from '@kib/core';
import { useEffect, useState } from 'react';
import { useT } from '../../../i18n/language';
import { Alert } from '../../../ui/alert';
import { errorMessage } from '../../../ui/error-message';
import { Field, SelectField } from '../../../ui/field';
import { Spinner } from '../../../ui/spinner';
import { searchable, useTeacherSearch } from './creator-modules-data';

/** How long the picker waits after the last key before it searches. */
const SEARCH_DELAY_MS = 300;

/** A teacher as the pickers name them: their name and e-mail. */
export const teacherLabel = (t: Pick<CreatorTeacher, 'firstName' | 'lastName' | 'email'>) =>
  `${`${t.firstName} ${t.lastName}`.trim()} (${t.email})`;

/** `value`, once it has stayed the same for `delay` ms. */
function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * Picks one Kib teacher without loading them all: a search in their name or e-mail (at least three
 * characters) lists the first 20 found in a select named `label`, with a button for 20 more. The
 * teacher chosen stays in the select while the search changes.
 */
export function TeacherPicker({
  label,
  value,
  onChange,
  error,
  required,
}: {
  label: string;
  value: CreatorTeacher | null;
  onChange: (teacher: CreatorTeacher | null) => void;
  error?: string;
  required?: boolean;
}) {
  const t = useT();
  const [search, setSearch] = useState('');
  const settled = useSettled(search, SEARCH_DELAY_MS);
  const found = useTeacherSearch(settled);
  const teachers = found.data?.pages.flatMap((page) => page.teachers) ?? [];
  const options = value && !teachers.some((x) => x.id === value.id) ? [value, ...teachers] : teachers;
  const waiting = searchable(search) && (settled !== search || found.isPending);

  return (
    <div className="creator-teacher-picker">
      <Field
        type="search"
        label={t('creator-modules.teacher-search')}
        hint={t('creator-modules.teacher-search-hint')}
        value={search}
        autoComplete="off"
        maxLength={100}
        onChange={(e) => setSearch(e.target.value)}
      />
      <SelectField
        label={label}
        value={value?.id ?? ''}
        required={required}
        error={error}
        onChange={(e) => onChange(options.find((x) => String(x.id) === e.target.value) ?? null)}
      >
        <option value="">{t('creator-modules.teacher-placeholder')}</option>
        {options.map((teacher) => (
          <option key={teacher.id} value={teacher.id}>
            {teacherLabel(teacher)}
          </option>
        ))}
      </SelectField>
      <div role="status" className="modules-hint">
        {waiting ? (
          <Spinner label={t('creator-modules.teachers-loading')} />
        ) : searchable(settled) && found.data ? (
          teachers.length === 0 ? (
            t('creator-modules.teachers-none', { search: settled.trim() })
          ) : (
            t(found.hasNextPage ? 'creator-modules.teachers-found-more' : 'creator-modules.teachers-found', {
              count: teachers.length,
            })
          )
        ) : null}
      </div>
      {found.isError && <Alert tone="danger">{errorMessage(found.error, t)}</Alert>}
      {found.hasNextPage && (
        <button
          type="button"
          className="button button-secondary modules-small"
          disabled={found.isFetchingNextPage}
          onClick={() => void found.fetchNextPage()}
        >
          {found.isFetchingNextPage && <Spinner label={t('creator-modules.teachers-loading')} />}
          {t('creator-modules.teachers-more')}
        </button>
      )}
    </div>
  );
}
