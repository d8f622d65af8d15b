import type { CreatorModuleSummary } from '@kib/core';
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { homeFor, useUser } from '../../../auth/auth';
import { useLanguage, useT } from '../../../i18n/language';
import { Alert } from '../../../ui/alert';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { errorMessage } from '../../../ui/error-message';
import { SelectField } from '../../../ui/field';
import { MessagePage } from '../../../ui/message-page';
import { Spinner } from '../../../ui/spinner';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { contentName } from '../../teacher/modules/module-data';
import { HiddenName } from '../../teacher/modules/modules-ui';
import {
  CREATOR_MODULE_BUILDER,
  creatorModulePath,
  formatListDate,
  isModuleCreator,
  useCreatorModules,
  useDeleteCreatorModule,
} from './creator-modules-data';
import '../../teacher/modules/modules.css';
import './creator-modules.css';

/**
 * /creator/modules (spec 02 §2 "Module list"): the creator's modules, newest first, with the day
 * each was made (DD/MM/YYYY), its problems, the teachers with a copy and its open activities;
 * filters by topic and by teacher (spec 02 §9); a Create module button; edit, and delete after a
 * confirmation.
 */
export function CreatorModulesPage() {
  const t = useT();
  const { language } = useLanguage();
  const user = useUser();
  useDocumentTitle(t('creator-modules.list-title'));
  const allowed = isModuleCreator(user);
  const modules = useCreatorModules({ enabled: allowed });
  const remove = useDeleteCreatorModule();
  const [topicId, setTopicId] = useState('');
  const [teacherId, setTeacherId] = useState('');
  const [deleting, setDeleting] = useState<CreatorModuleSummary | null>(null);
  const [notice, setNotice] = useState('');
  const captionId = useId();

  const teachers = useMemo(() => {
    const byId = new Map<number, string>();
    for (const m of modules.data?.modules ?? [])
      for (const teacher of m.teachers)
        byId.set(teacher.id, `${teacher.firstName} ${teacher.lastName}`.trim());
    return [...byId.entries()].sort((a, b) => a[1].localeCompare(b[1]));
  }, [modules.data]);
  const topics = useMemo(() => {
    const byId = new Map<number, string>();
    for (const m of modules.data?.modules ?? [])
      for (const topic of m.topics) byId.set(topic.id, contentName(topic, language));
    return [...byId.entries()].sort((a, b) => a[1].localeCompare(b[1], language));
  }, [modules.data, language]);
  const shown = (modules.data?.modules ?? []).filter(
    (m) =>
      (!topicId || m.topics.some((topic) => String(topic.id) === topicId)) &&
      (!teacherId || m.teachers.some((teacher) => String(teacher.id) === teacherId)),
  );

  if (!allowed)
    return (
      <MessagePage
        className="teacher-page"
        title={t('creator-modules.no-access-title')}
        text={t('creator-modules.no-access-text')}
        home={user ? homeFor(user) : '/'}
        homeLabel={t('creator.no-access-home')}
      />
    );

  return (
    <div className="teacher-page">
      <div className="teacher-page-header">
        <h1>{t('creator-modules.list-title')}</h1>
        <Link className="button button-primary" to={CREATOR_MODULE_BUILDER}>
          {t('creator-modules.create')}
        </Link>
      </div>
      <div role="status">{notice && <p className="modules-clone-success">{notice}</p>}</div>
      {modules.isError ? (
        <Alert tone="danger">{errorMessage(modules.error, t)}</Alert>
      ) : !modules.data ? (
        <Spinner label={t('creator-modules.loading')} />
      ) : modules.data.modules.length === 0 ? (
        <p className="teacher-lead">{t('creator-modules.list-empty')}</p>
      ) : (
        <>
          <div className="creator-modules-filters">
            {topics.length > 0 && (
              <SelectField
                label={t('creator-modules.filter-topic')}
                value={topicId}
                onChange={(e) => setTopicId(e.target.value)}
              >
                <option value="">{t('creator-modules.filter-all-topics')}</option>
                {topics.map(([id, name]) => (
                  <option key={id} value={id}>
                    {name}
                  </option>
                ))}
              </SelectField>
            )}
            {teachers.length > 0 && (
              <SelectField
                label={t('creator-modules.filter-teacher')}
                value={teacherId}
                onChange={(e) => setTeacherId(e.target.value)}
              >
                <option value="">{t('creator-modules.filter-all')}</option>
                {teachers.map(([id, name]) => (
                  <option key={id} value={id}>
                    {name}
                  </option>
                ))}
              </SelectField>
            )}
          </div>
          <div className="creator-modules-table-wrap">
            <table className="creator-modules-table" aria-describedby={captionId}>
              <caption id={captionId}>{t('creator-modules.list-caption', { count: shown.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('creator-modules.col-name')}</th>
                  <th scope="col">{t('creator-modules.col-date')}</th>
                  <th scope="col">{t('creator-modules.col-problems')}</th>
                  <th scope="col">{t('creator-modules.col-teachers')}</th>
                  <th scope="col">{t('creator-modules.col-activities')}</th>
                  <th scope="col">{t('creator-modules.col-actions')}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((m) => (
                  <tr key={m.id}>
                    <th scope="row">{m.name}</th>
                    <td>{formatListDate(m.creationDate)}</td>
                    <td>{m.numProblems}</td>
                    <td>{m.teachers.map((x) => `${x.firstName} ${x.lastName}`.trim()).join(', ')}</td>
                    <td>{m.openActivities}</td>
                    <td className="creator-modules-actions">
                      <Link className="button button-secondary" to={creatorModulePath(m.id)}>
                        {t('creator-modules.edit')}
                        <HiddenName name={m.name} />
                      </Link>
                      <button type="button" className="button button-danger" onClick={() => setDeleting(m)}>
                        {t('teacher-modules.delete')}
                        <HiddenName name={m.name} />
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('teacher-modules.delete-title')}
        confirmLabel={t('teacher-modules.delete-confirm')}
        pendingLabel={t('creator-modules.deleting')}
        pending={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const { id, name } = deleting;
          remove.mutate(id, {
            onSuccess: () => {
              setDeleting(null);
              setNotice(t('teacher-modules.deleted', { name }));
            },
            onError: (error) => {
              setDeleting(null);
              setNotice(errorMessage(error, t));
            },
          });
        }}
      >
        <p>{t('creator-modules.delete-text')}</p>
      </ConfirmDialog>
    </div>
  );
}
