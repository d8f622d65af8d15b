import { formatDateSlash } from '@kib/core';
import { useEffect, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useT } from '../../i18n/language';
import { useDocumentTitle } from '../../ui/use-document-title';
import { allModules, problemsOfModule, type StudentModule } from './student-data';
import { DeadlineStatus, moduleHref, ProblemList, StudentDataGate, useNow } from './student-ui';

/**
 * /student/modules (spec 01 §2): every module of every classroom in a table (name, classroom,
 * deadline DD/MM/YYYY, progress), newest first; choosing a row lists that module's problems below.
 * The choice is kept in the address (`?module=&classroom=`), so reloading keeps it.
 */
export function ModulesPage() {
  const t = useT();
  const now = useNow();
  const captionId = useId();
  const [params, setParams] = useSearchParams();
  const selectedKey = `${params.get('module')}:${params.get('classroom')}`;
  const detailRef = useRef<HTMLHeadingElement>(null);
  const focusDetail = useRef(false);
  useDocumentTitle(t('student.modules-title'));

  useEffect(() => {
    if (focusDetail.current) detailRef.current?.focus();
    focusDetail.current = false;
  }, [selectedKey]);

  const choose = (module: StudentModule) => {
    focusDetail.current = true;
    setParams({ module: String(module.id), classroom: String(module.classroomId) }, { replace: true });
  };

  return (
    <div className="student-page">
      <h1>{t('student.modules-title')}</h1>
      <StudentDataGate>
        {(data) => {
          const modules = allModules(data, now);
          if (modules.length === 0) return <p className="student-empty">{t('student.modules-empty')}</p>;
          const selected = modules.find((m) => `${m.id}:${m.classroomId}` === selectedKey);
          return (
            <>
              <div className="student-table-wrap">
                <table className="student-table" aria-labelledby={captionId}>
                  <caption id={captionId}>{t('student.modules-caption')}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('student.modules-col-name')}</th>
                      <th scope="col">{t('student.modules-col-classroom')}</th>
                      <th scope="col">{t('student.modules-col-deadline')}</th>
                      <th scope="col">{t('student.modules-col-progress')}</th>
                      <th scope="col">{t('student.modules-col-problems')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {modules.map((module) => {
                      const isSelected = module === selected;
                      return (
                        <tr
                          key={`${module.id}:${module.classroomId}`}
                          data-selected={isSelected || undefined}
                        >
                          <th scope="row">
                            <Link to={moduleHref(module.id, module.classroomId)}>{module.name}</Link>
                          </th>
                          <td data-label={t('student.modules-col-classroom')}>{module.classroomName}</td>
                          <td data-label={t('student.modules-col-deadline')}>
                            <span className="student-table-deadline">
                              {module.deadline
                                ? formatDateSlash(module.deadline)
                                : t('student.module-no-deadline')}
                            </span>
                            {!module.active && <DeadlineStatus active={false} />}
                          </td>
                          <td data-label={t('student.modules-col-progress')}>
                            {t('student.modules-percent', { percent: module.percent })}
                          </td>
                          <td>
                            <button
                              type="button"
                              className="button button-secondary student-table-button"
                              aria-pressed={isSelected}
                              aria-label={t('student.modules-show-problems-of', { name: module.name })}
                              onClick={() => choose(module)}
                            >
                              {t('student.modules-show-problems')}
                            </button>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              {selected && (
                <section className="student-modules-detail" aria-labelledby={`${captionId}-detail`}>
                  <h2 id={`${captionId}-detail`} ref={detailRef} tabIndex={-1}>
                    {t('student.modules-selected-title', { name: selected.name })}
                  </h2>
                  <ProblemList
                    problems={problemsOfModule(data, selected.id)}
                    moduleId={selected.id}
                    classroomId={selected.classroomId}
                  />
                  <p>
                    <Link to={moduleHref(selected.id, selected.classroomId)}>
                      {t('student.modules-open-module')}
                    </Link>
                  </p>
                </section>
              )}
            </>
          );
        }}
      </StudentDataGate>
    </div>
  );
}
