import { ApiError } from '@kib/api-client';
import { TEMP_ACTIVITY_TEXT_MAX_LENGTH, type CreatorTeacher, type OpenActivityInput } from '@kib/core';
import { useId, useState, type FormEvent } from 'react';
import { useApi } from '../../../app/api';
import { useT } from '../../../i18n/language';
import { errorMessage } from '../../../ui/error-message';
import { Field, SelectField } from '../../../ui/field';
import { Spinner } from '../../../ui/spinner';
import { useModuleDraft, useModuleDraftStore } from '../../teacher/modules/module-draft.store';
import { CodeLine } from '../../teacher/modules/modules-ui';
import { useCreatorModuleState, useCreatorModuleStore } from './creator-module.store';
import { dayFromNow, formatActivityDay, useCreatorModules, useOpenActivity } from './creator-modules-data';
import { TeacherPicker } from './teacher-picker';

const teacherName = (t: Pick<CreatorTeacher, 'firstName' | 'lastName'>) =>
  `${t.firstName} ${t.lastName}`.trim();

/**
 * Clone by id (spec 02 §7 clone-module-by-id/): one of the creator's own modules brings its problems
 * into this one (after those there, none twice), and its name and description where this one has
 * none; the module is remembered as the source of the clone. It says 'loading', 'cloneSuccess' or
 * why it failed.
 */
export function CloneById() {
  const t = useT();
  const api = useApi();
  const headingId = useId();
  const draft = useModuleDraftStore();
  const creator = useCreatorModuleStore();
  const moduleId = useModuleDraft((s) => s.moduleId);
  const modules = useCreatorModules();
  const [chosen, setChosen] = useState('');
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'loading' }
    | { kind: 'done'; name: string; added: number }
    | { kind: 'missing' }
    | { kind: 'failed'; error: unknown }
  >({ kind: 'idle' });
  const choices = (modules.data?.modules ?? []).filter((m) => m.id !== moduleId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (state.kind === 'loading') return;
    const id = Number(chosen);
    if (!id) {
      setState({ kind: 'missing' });
      return;
    }
    setState({ kind: 'loading' });
    api.endpoints
      .cloneModuleById({ query: { id } })
      .then((found) => {
        const store = draft.getState();
        const added = store.addProblems(found.problems);
        if (!store.name.trim()) store.setName(found.name);
        if (!store.description.trim() && found.description) store.setDescription(found.description);
        creator.getState().setSource(found.sourceModuleId);
        setState({ kind: 'done', name: found.name, added });
      })
      .catch((error: unknown) =>
        setState(
          error instanceof ApiError && error.status === 404 ? { kind: 'missing' } : { kind: 'failed', error },
        ),
      );
  };

  return (
    <form className="card modules-section" aria-labelledby={headingId} noValidate onSubmit={submit}>
      <h2 id={headingId}>{t('creator-modules.clone-id-title')}</h2>
      <div className="modules-clone-row">
        <SelectField
          label={t('creator-modules.clone-id-module')}
          value={chosen}
          error={state.kind === 'missing' ? t('creator-modules.clone-id-missing') : undefined}
          onChange={(e) => setChosen(e.target.value)}
        >
          <option value="">{t('creator-modules.clone-id-placeholder')}</option>
          {choices.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="button button-secondary" disabled={state.kind === 'loading'}>
          {t('creator-modules.clone-id-submit')}
        </button>
      </div>
      <div role="status" className="modules-clone-status">
        {state.kind === 'loading' ? (
          <Spinner label={t('teacher-modules.clone-loading')} />
        ) : state.kind === 'done' ? (
          <p className="modules-clone-success">
            {state.added > 0
              ? t('teacher-modules.clone-success', { count: state.added, name: state.name })
              : t('teacher-modules.clone-nothing-new', { name: state.name })}
          </p>
        ) : null}
      </div>
      <div role="alert">
        {state.kind === 'failed' && <p className="field-error">{errorMessage(state.error, t)}</p>}
      </div>
    </form>
  );
}

/**
 * Assign to a teacher (spec 02 §2, creators only): a switch, then a Kib teacher who gets a copy of
 * the module in their own module list when the module is saved. Lists the teachers who have one.
 */
export function AssignToTeacher() {
  const t = useT();
  const headingId = useId();
  const hintId = useId();
  const store = useCreatorModuleStore();
  const on = useCreatorModuleState((s) => s.assignToTeacher);
  const teacher = useCreatorModuleState((s) => s.teacher);
  const given = useCreatorModuleState((s) => s.teachers);
  return (
    <section className="card modules-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('creator-modules.assign-title')}</h2>
      <label className="modules-check">
        <input
          type="checkbox"
          role="switch"
          checked={on}
          aria-describedby={hintId}
          onChange={(e) => store.getState().setAssignToTeacher(e.target.checked)}
        />
        {t('creator-modules.assign-switch')}
      </label>
      <p id={hintId} className="modules-hint">
        {t('creator-modules.assign-hint')}
      </p>
      {on && (
        <TeacherPicker
          label={t('creator-modules.assign-teacher')}
          value={teacher}
          onChange={(next) => store.getState().setTeacher(next)}
        />
      )}
      {given.length > 0 && (
        <>
          <h3>{t('creator-modules.assigned-title')}</h3>
          <ul>
            {given.map((teacher) => (
              <li key={teacher.moduleId}>{teacherName(teacher)}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The open-activity form's values as typed. */
interface ActivityForm {
  teacher: CreatorTeacher | null;
  institution: string;
  classroom: string;
  validUntil: string;
}

type ActivityErrors = Partial<Record<keyof ActivityForm, string>>;
type ActivityText = Exclude<keyof ActivityForm, 'teacher'>;

/** The form's mistakes, as the spec's required-field messages (spec 02 §5). */
function checkActivity(form: ActivityForm): ActivityErrors {
  const errors: ActivityErrors = {};
  if (!form.teacher) errors.teacher = 'validation.activity-teacher-required';
  if (!form.institution.trim()) errors.institution = 'validation.activity-institution-required';
  if (!form.classroom.trim()) errors.classroom = 'validation.activity-classroom-required';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(form.validUntil))
    errors.validUntil = 'validation.activity-valid-until-invalid';
  return errors;
}

const SERVER_FIELDS: Record<string, keyof ActivityForm> = {
  teacher_id: 'teacher',
  institution: 'institution',
  classroom: 'classroom',
  valid_until: 'validUntil',
};

/**
 * Open activities (spec 02 §2, creators only): for a saved module, a teacher (required), the
 * institution and classroom (required; filled from the teacher's school and classrooms) and the last
 * valid day make an activity with a student access code (students open it at /code/student) and a
 * teacher access code (its results). The module's activities are listed with their codes and the
 * day they end (DD/MM/YY).
 */
export function OpenActivities() {
  const t = useT();
  const headingId = useId();
  const listId = useId();
  const moduleId = useModuleDraft((s) => s.moduleId);
  const activities = useCreatorModuleState((s) => s.activities);
  return (
    <section className="card modules-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('creator-modules.activities-title')}</h2>
      <p className="modules-hint">{t('creator-modules.activities-hint')}</p>
      {moduleId === null ? (
        <p className="modules-hint">{t('creator-modules.activities-save-first')}</p>
      ) : (
        <OpenActivityForm moduleId={moduleId} classroomListId={listId} />
      )}
      {activities.length > 0 && (
        <ul className="creator-activities" aria-label={t('creator-modules.activities-list')}>
          {activities.map((activity) => {
            const ended = activity.validUntil !== null && Date.parse(activity.validUntil) <= Date.now();
            return (
              <li key={activity.id} className="creator-activity">
                <p>
                  <strong>{activity.targetTeacher}</strong> · {activity.targetInstitution} ·{' '}
                  {activity.targetClassroom}
                </p>
                <p>
                  {activity.validUntil
                    ? t(
                        ended
                          ? 'creator-modules.activity-ended'
                          : 'creator-modules.activity-valid-until-text',
                        {
                          date: formatActivityDay(activity.validUntil),
                        },
                      )
                    : t('creator-modules.activity-no-end')}
                </p>
                <dl className="modules-codes">
                  <CodeLine label={t('creator-modules.student-code')} code={activity.studentAccessCode}>
                    {t('creator-modules.copy-student-code')}
                  </CodeLine>
                  <CodeLine label={t('creator-modules.teacher-code')} code={activity.teacherAccessCode}>
                    {t('creator-modules.copy-teacher-code')}
                  </CodeLine>
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function OpenActivityForm({ moduleId, classroomListId }: { moduleId: number; classroomListId: string }) {
  const t = useT();
  const store = useCreatorModuleStore();
  const open = useOpenActivity(moduleId);
  const [form, setForm] = useState<ActivityForm>({
    teacher: null,
    institution: '',
    classroom: '',
    validUntil: dayFromNow(30),
  });
  const [errors, setErrors] = useState<ActivityErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const teacher = form.teacher;

  const change = (field: ActivityText, value: string) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const choose = (next: CreatorTeacher | null) => {
    setForm((f) => ({
      ...f,
      teacher: next,
      institution: next?.institution && !f.institution.trim() ? next.institution : f.institution,
    }));
    setErrors((e) => ({
      ...e,
      teacher: undefined,
      ...(next?.institution ? { institution: undefined } : {}),
    }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (open.isPending) return;
    const found = checkActivity(form);
    setErrors(found);
    setFailure(null);
    setOpened(null);
    if (Object.keys(found).length > 0 || !form.teacher) return;
    const body: OpenActivityInput = {
      teacherId: form.teacher.id,
      institution: form.institution,
      classroom: form.classroom,
      validUntil: form.validUntil,
    };
    open.mutate(body, {
      onSuccess: (activity) => {
        store.getState().opened(activity);
        setOpened(activity.studentAccessCode);
      },
      onError: (error) => {
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
          const next: ActivityErrors = {};
          for (const [field, messages] of Object.entries(error.fields)) {
            const own = SERVER_FIELDS[field];
            if (own) next[own] = messages.join(' ');
          }
          if (Object.keys(next).length > 0) {
            setErrors(next);
            return;
          }
        }
        setFailure(error);
      },
    });
  };

  const shown = (key: keyof ActivityForm) => {
    const value = errors[key];
    return value === undefined ? undefined : value.startsWith('validation.') ? t(value) : value;
  };

  return (
    <form className="creator-activity-form" noValidate onSubmit={submit}>
      <TeacherPicker
        label={t('creator-modules.activity-teacher')}
        value={form.teacher}
        required
        error={shown('teacher')}
        onChange={choose}
      />
      <div className="modules-fields">
        <Field
          label={t('creator-modules.activity-institution')}
          value={form.institution}
          required
          maxLength={TEMP_ACTIVITY_TEXT_MAX_LENGTH}
          autoComplete="off"
          error={shown('institution')}
          onChange={(e) => change('institution', e.target.value)}
        />
        <Field
          label={t('creator-modules.activity-classroom')}
          value={form.classroom}
          required
          maxLength={TEMP_ACTIVITY_TEXT_MAX_LENGTH}
          autoComplete="off"
          list={classroomListId}
          hint={
            teacher && teacher.classrooms.length > 0
              ? t('creator-modules.activity-classroom-hint')
              : undefined
          }
          error={shown('classroom')}
          onChange={(e) => change('classroom', e.target.value)}
        />
        <datalist id={classroomListId}>
          {teacher?.classrooms.map((c) => (
            <option key={c.id} value={c.name} />
          ))}
        </datalist>
        <Field
          type="date"
          label={t('creator-modules.activity-valid-until')}
          value={form.validUntil}
          required
          min={dayFromNow(0)}
          error={shown('validUntil')}
          onChange={(e) => change('validUntil', e.target.value)}
        />
      </div>
      <button type="submit" className="button button-primary" disabled={open.isPending}>
        {open.isPending && <Spinner label={t('creator-modules.activity-opening')} />}
        {t('creator-modules.activity-open')}
      </button>
      <div role="status">
        {opened && (
          <p className="modules-clone-success">{t('creator-modules.activity-opened', { code: opened })}</p>
        )}
      </div>
      <div role="alert">{failure !== null && <p className="field-error">{errorMessage(failure, t)}</p>}</div>
    </form>
  );
}
