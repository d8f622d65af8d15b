import type { SchoolTeacher } from '@kib/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useLanguage, useT } from '../../i18n/language';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { FailureAlert } from '../../ui/form-submit';
import { sectionPath, useRemoveTeacher, type SchoolScope, type SubscribedSchool } from './school-admin-data';
import {
  dateTimeText,
  dayText,
  NoticeRegion,
  personName,
  RowButton,
  SchoolPageFrame,
  SchoolSectionPage,
  SchoolTable,
  useNotice,
} from './school-admin-ui';

/**
 * The school's teachers (spec 03 §2 "Teacher list with expandable rows (view, delete with
 * confirmation)"): name, e-mail, the day they joined, their classrooms and students; each row opens
 * to their modules, last login and a link to their classrooms. Removing a teacher is asked first
 * and said with 'User deleted !'; the school keeps their classrooms and results.
 */
export function SchoolTeachersPage() {
  const t = useT();
  return (
    <SchoolSectionPage title={t('school-admin.teachers-title')}>
      {(school, scope) => <Teachers school={school} scope={scope} />}
    </SchoolSectionPage>
  );
}

function Teachers({ school, scope }: { school: SubscribedSchool; scope: SchoolScope }) {
  const t = useT();
  const { language } = useLanguage();
  const number = new Intl.NumberFormat(language);
  const notice = useNotice();
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const [removing, setRemoving] = useState<SchoolTeacher | null>(null);
  const remove = useRemoveTeacher(scope, school.institutionData.id);
  const detailsId = useId();
  const teachers = school.teachersData;
  const columns = 6;

  const toggle = (id: number) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const confirm = () => {
    if (!removing) return;
    const name = personName(removing, t);
    remove.mutate(removing, {
      onSuccess: () => {
        setRemoving(null);
        notice.show(
          <>
            <p className="school-admin-alert-text">
              <strong>{t('school-admin.teacher-removed')}</strong>
            </p>
            <p className="school-admin-alert-text">{t('school-admin.teacher-removed-text', { name })}</p>
          </>,
        );
      },
    });
  };

  return (
    <SchoolPageFrame title={t('school-admin.teachers-title')} school={school.institutionData.name}>
      <NoticeRegion {...notice.region} />
      {teachers.length === 0 ? (
        <div className="card school-admin-empty">
          <p>{t('school-admin.teachers-empty')}</p>
          <p>
            <Link className="button button-primary" to={sectionPath(scope, 'codes')}>
              {t('school-admin.go-to-codes')}
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className="school-admin-lead">{t('school-admin.teachers-lead')}</p>
          <SchoolTable caption={t('school-admin.teachers-caption')} className="school-admin-teachers">
            <thead>
              <tr>
                <th scope="col">{t('school-admin.col-name')}</th>
                <th scope="col">{t('school-admin.email')}</th>
                <th scope="col">{t('school-admin.col-joined')}</th>
                <th scope="col">{t('school-admin.col-classrooms')}</th>
                <th scope="col">{t('school-admin.col-students')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('school-admin.col-actions')}</span>
                </th>
              </tr>
            </thead>
            {teachers.map((teacher) => {
              const name = personName(teacher, t);
              const expanded = open.has(teacher.id);
              const rowId = `${detailsId}-${teacher.id}`;
              return (
                <tbody key={teacher.id} className="school-admin-teacher">
                  <tr>
                    <th scope="row">
                      <button
                        type="button"
                        className="school-admin-disclosure"
                        aria-expanded={expanded}
                        aria-controls={rowId}
                        onClick={() => toggle(teacher.id)}
                      >
                        <span aria-hidden="true" className="school-admin-disclosure-mark">
                          {expanded ? '▾' : '▸'}
                        </span>
                        {name}
                      </button>
                    </th>
                    <td className="school-admin-email">{teacher.email}</td>
                    <td className="school-admin-day">{dayText(teacher.joinedAt)}</td>
                    <td>{number.format(teacher.classrooms)}</td>
                    <td>{number.format(teacher.students)}</td>
                    <td>
                      <RowButton
                        label={t('school-admin.remove')}
                        row={name}
                        danger
                        onClick={() => {
                          remove.reset();
                          setRemoving(teacher);
                        }}
                      />
                    </td>
                  </tr>
                  <tr id={rowId} hidden={!expanded} className="school-admin-details">
                    <td colSpan={columns}>
                      <dl className="school-admin-facts">
                        <div>
                          <dt>{t('school-admin.col-modules')}</dt>
                          <dd>{number.format(teacher.modules)}</dd>
                        </div>
                        <div>
                          <dt>{t('school-admin.last-login')}</dt>
                          <dd>
                            {teacher.lastLogin ? dateTimeText(teacher.lastLogin) : t('school-admin.never')}
                          </dd>
                        </div>
                      </dl>
                      <Link to={`${sectionPath(scope, 'classrooms')}?teacher=${teacher.id}`}>
                        {t('school-admin.view-classrooms', { name })}
                      </Link>
                    </td>
                  </tr>
                </tbody>
              );
            })}
          </SchoolTable>
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={t('school-admin.remove-title', { name: removing ? personName(removing, t) : '' })}
        confirmLabel={t('school-admin.remove-confirm')}
        pendingLabel={t('school-admin.working')}
        pending={remove.isPending}
        onConfirm={confirm}
        onCancel={() => setRemoving(null)}
      >
        <p>
          {t('school-admin.remove-text', {
            name: removing ? personName(removing, t) : '',
            school: school.institutionData.name,
          })}
        </p>
        <p>{t('school-admin.remove-keeps')}</p>
        <FailureAlert error={remove.error} />
      </ConfirmDialog>
    </SchoolPageFrame>
  );
}
