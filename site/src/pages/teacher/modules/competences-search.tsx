import type { FoundModule, LearningStandardItem, Thinking } from '@kib/core';
import { TabList, TabPanel, type Tabs } from '@kib/widgets';
import { useId, useState, type ReactNode } from 'react';
import { useLanguage, useT } from '../../../i18n/language';
import { Spinner } from '../../../ui/spinner';
import {
  standardName,
  useAssignedModules,
  useEducationSystems,
  useGradeContent,
  useStandardProblems,
  useSystemGrades,
} from './competences-data';
import {
  searchTarget,
  useCompetences,
  type Cascade,
  type CascadeSelection,
  type CompetencesTab,
} from './competences.store';
import { useModuleDraftStore } from './module-draft.store';
import { HiddenName } from './modules-ui';
import { LoadFailed, PickerProblems, type ProblemActions } from './picker-problems';

const TABS: readonly CompetencesTab[] = ['problems', 'modules'];

/** A labelled select with a first empty choice. */
function Choice({
  label,
  placeholder,
  value,
  disabled,
  onChange,
  children,
}: {
  label: string;
  placeholder: string;
  value: number | null;
  disabled: boolean;
  onChange: (id: number | null) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value === null ? '' : String(value)}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value) || null)}
      >
        <option value="">{placeholder}</option>
        {children}
      </select>
    </div>
  );
}

/** The grade's standards grouped by thinking, in the document's order. */
function byThinking(standards: readonly LearningStandardItem[]): [Thinking | null, LearningStandardItem[]][] {
  const groups: [Thinking | null, LearningStandardItem[]][] = [];
  for (const standard of standards) {
    const last = groups.at(-1);
    if (last && last[0] === standard.thinking) last[1].push(standard);
    else groups.push([standard.thinking, [standard]]);
  }
  return groups;
}

/**
 * The cascade of selects that chooses an education system, one of its grades, one of the grade's
 * learning standards (grouped by thinking) and, optionally, one of its skills. Its choices live in
 * the store the caller gives (the module builder's search, the creation tool's skills).
 */
export function CompetencesCascade({
  cascade,
  skillPlaceholder,
}: {
  cascade: Cascade;
  /** The skill select's empty choice. */
  skillPlaceholder?: string;
}) {
  const t = useT();
  const { language } = useLanguage();
  const systems = useEducationSystems();
  const grades = useSystemGrades(cascade.systemId);
  const content = useGradeContent(cascade.gradeId);
  const skills = content.data?.skills.filter((s) => s.learningStandardId === cascade.standardId) ?? [];
  return (
    <div className="modules-picker-selects">
      <Choice
        label={t('learning-standards.system')}
        placeholder={t('learning-standards.system-placeholder')}
        value={cascade.systemId}
        disabled={!systems.data}
        onChange={cascade.setSystem}
      >
        {systems.data?.educationSystems.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </Choice>
      <Choice
        label={t('learning-standards.grade')}
        placeholder={t('learning-standards.grade-placeholder')}
        value={cascade.gradeId}
        disabled={cascade.systemId === null || !grades.data}
        onChange={cascade.setGrade}
      >
        {(cascade.systemId !== null ? (grades.data?.grades ?? []) : []).map((g) => (
          <option key={g.id} value={g.id}>
            {standardName(g, language)}
          </option>
        ))}
      </Choice>
      <Choice
        label={t('learning-standards.standard')}
        placeholder={t('learning-standards.standard-placeholder')}
        value={cascade.standardId}
        disabled={cascade.gradeId === null || !content.data}
        onChange={cascade.setStandard}
      >
        {byThinking(cascade.gradeId !== null ? (content.data?.learningStandards ?? []) : []).map(
          ([thinking, standards]) => (
            <optgroup
              key={thinking ?? 'none'}
              label={t(
                thinking ? `learning-standards.thinking-${thinking}` : 'learning-standards.thinking-none',
              )}
            >
              {standards.map((s) => (
                <option key={s.id} value={s.id}>
                  {standardName(s, language)}
                </option>
              ))}
            </optgroup>
          ),
        )}
      </Choice>
      <Choice
        label={t('learning-standards.skill')}
        placeholder={skillPlaceholder ?? t('learning-standards.skill-placeholder')}
        value={cascade.skillId}
        disabled={cascade.standardId === null}
        onChange={cascade.setSkill}
      >
        {skills.map((s) => (
          <option key={s.id} value={s.id}>
            {standardName(s, language)}
          </option>
        ))}
      </Choice>
    </div>
  );
}

/**
 * Why a cascade's lists cannot be shown: the systems', grades' or standards' load failed, with a
 * retry; null while nothing failed.
 */
export function CascadeFailure({ cascade }: { cascade: CascadeSelection }) {
  const t = useT();
  const systems = useEducationSystems();
  const grades = useSystemGrades(cascade.systemId);
  const content = useGradeContent(cascade.gradeId);
  const failed = systems.isError
    ? { query: systems, message: t('learning-standards.systems-failed') }
    : grades.isError
      ? { query: grades, message: t('learning-standards.grades-failed') }
      : content.isError
        ? { query: content, message: t('learning-standards.content-failed') }
        : null;
  return failed ? <LoadFailed query={failed.query} message={failed.message} /> : null;
}

/**
 * The Competencias search of the module builder (spec 02 "Module builder"): the cascade of an
 * education system, grade, learning standard and, optionally, skill; then the tabs Problemas (the
 * problems linked to the skill or standard, each with Add, Preview and Try) and Talleres (the modules
 * assigned to it: add all their problems, or show them). The choices live in the competences store,
 * so they outlast the picker.
 */
export function CompetencesSearch(actions: ProblemActions) {
  const t = useT();
  const selection = useCompetences();
  const systems = useEducationSystems();
  const grades = useSystemGrades(selection.systemId);
  const content = useGradeContent(selection.gradeId);
  const target = searchTarget(selection);
  const failed = systems.isError || grades.isError || content.isError;

  if (systems.isPending) return <Spinner label={t('learning-standards.systems-loading')} />;
  return (
    <div className="competences-search">
      <CompetencesCascade cascade={selection} />
      {failed ? (
        <CascadeFailure cascade={selection} />
      ) : systems.data?.educationSystems.length === 0 ? (
        <p className="modules-hint">{t('learning-standards.no-systems')}</p>
      ) : selection.systemId === null ? (
        <p className="modules-hint">{t('learning-standards.select-system')}</p>
      ) : selection.gradeId === null ? (
        <p className="modules-hint">{t('learning-standards.select-grade')}</p>
      ) : target === null ? (
        content.isPending ? (
          <Spinner label={t('learning-standards.loading')} />
        ) : (
          <p className="modules-hint">{t('learning-standards.select-standard')}</p>
        )
      ) : (
        <CompetencesResults target={target} actions={actions} />
      )}
    </div>
  );
}

/** The Problemas and Talleres tabs of a standard or skill. */
function CompetencesResults({
  target,
  actions,
}: {
  target: { type: 'skill' | 'learningStandard'; id: number };
  actions: ProblemActions;
}) {
  const t = useT();
  const tab = useCompetences((s) => s.tab);
  const setTab = useCompetences((s) => s.setTab);
  const baseId = useId();
  const tabs: Tabs<CompetencesTab> = { names: TABS, selected: tab, select: setTab, baseId };
  return (
    <>
      <TabList
        tabs={tabs}
        label={t('learning-standards.tabs-label')}
        labels={{
          problems: t('learning-standards.tab-problems'),
          modules: t('learning-standards.tab-modules'),
        }}
      />
      <TabPanel tabs={tabs} name="problems" className="competences-panel">
        {tab === 'problems' && <ProblemsTab target={target} actions={actions} />}
      </TabPanel>
      <TabPanel tabs={tabs} name="modules" className="competences-panel">
        {tab === 'modules' && <ModulesTab target={target} actions={actions} />}
      </TabPanel>
    </>
  );
}

function ProblemsTab({
  target,
  actions,
}: {
  target: { type: 'skill' | 'learningStandard'; id: number };
  actions: ProblemActions;
}) {
  const t = useT();
  const problems = useStandardProblems(target);
  if (problems.isError)
    return <LoadFailed query={problems} message={t('learning-standards.problems-failed')} />;
  if (!problems.data) return <Spinner label={t('learning-standards.loading')} />;
  return <PickerProblems problems={problems.data.problems} {...actions} />;
}

function ModulesTab({
  target,
  actions,
}: {
  target: { type: 'skill' | 'learningStandard'; id: number };
  actions: ProblemActions;
}) {
  const t = useT();
  const modules = useAssignedModules(target);
  if (modules.isError) return <LoadFailed query={modules} message={t('learning-standards.modules-failed')} />;
  if (!modules.data) return <Spinner label={t('learning-standards.loading')} />;
  if (modules.data.modules.length === 0)
    return <p className="modules-hint">{t('learning-standards.no-modules')}</p>;
  return (
    <>
      <p className="modules-hint">
        {t('learning-standards.module-count', { count: modules.data.modules.length })}
      </p>
      <ul className="modules-problem-list" aria-label={t('learning-standards.module-list')}>
        {modules.data.modules.map((module) => (
          <FoundModuleItem key={module.id} module={module} actions={actions} />
        ))}
      </ul>
    </>
  );
}

/** A module found by the search: add all its problems, or show them to pick some. */
function FoundModuleItem({ module, actions }: { module: FoundModule; actions: ProblemActions }) {
  const t = useT();
  const store = useModuleDraftStore();
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <li className="modules-problem competences-module">
      <div className="modules-problem-text">
        <span className="modules-problem-title">{module.name}</span>
        <span className="modules-problem-meta">
          {t('learning-standards.module-meta', { author: module.authorName })} ·{' '}
          {t('teacher-modules.problem-count', { count: module.problems.length })}
        </span>
      </div>
      <div className="modules-problem-actions">
        <button
          type="button"
          className="button button-primary modules-small"
          disabled={module.problems.length === 0}
          onClick={() => {
            const added = store.getState().addProblems(module.problems);
            actions.announce(
              added > 0
                ? t('learning-standards.module-added', { count: added, name: module.name })
                : t('learning-standards.module-nothing-added', { name: module.name }),
            );
          }}
        >
          {t('learning-standards.add-module')}
          <HiddenName name={module.name} />
        </button>
        <button
          type="button"
          className="button button-secondary modules-small"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((o) => !o)}
        >
          {t(open ? 'learning-standards.hide-module' : 'learning-standards.preview-module')}
          <HiddenName name={module.name} />
        </button>
      </div>
      <div id={listId} className="competences-module-problems" hidden={!open}>
        {open &&
          (module.problems.length === 0 ? (
            <p className="modules-hint">{t('learning-standards.module-empty')}</p>
          ) : (
            <section aria-label={t('learning-standards.module-problems', { name: module.name })}>
              <PickerProblems problems={module.problems} {...actions} />
            </section>
          ))}
      </div>
    </li>
  );
}
