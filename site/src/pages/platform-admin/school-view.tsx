import { useMemo } from 'react';
import { Link, NavLink, Outlet, useParams } from 'react-router';
import { useT } from '../../i18n/language';
import {
  isNotFound,
  isSubscribed,
  SCHOOL_SECTIONS,
  schoolViewPath,
  sectionPath,
  useSchoolAdminData,
  type SchoolScope,
  type SchoolSection,
} from '../school-admin/school-admin-data';
import { SchoolNotFound } from '../school-admin/school-admin-ui';
import { idParam } from '../teacher/classroom/classroom-data';
import { PLATFORM_ADMIN_HOME } from './platform-admin-layout';

/**
 * /platformAdmin/schools/{id} and the pages under it: the platform admin's view of one school, with
 * the school admin's own pages (its home, teachers, classrooms and registration codes, every call
 * naming the school). A breadcrumb leads back to the schools, and once the school has a plan, links
 * lead to its pages. A school that does not exist is said not to be there.
 */
export function SchoolView() {
  const institutionId = idParam(useParams().institutionId);
  if (institutionId === null) return <SchoolNotFound />;
  return <LoadedSchoolView key={institutionId} institutionId={institutionId} />;
}

const SECTION_KEYS: Record<SchoolSection, string> = {
  teachers: 'school-admin.nav-teachers',
  classrooms: 'school-admin.nav-classrooms',
  codes: 'school-admin.nav-codes',
};

function LoadedSchoolView({ institutionId }: { institutionId: number }) {
  const t = useT();
  const scope = useMemo<SchoolScope>(
    () => ({ area: 'platform-admin', institutionId, base: schoolViewPath(institutionId) }),
    [institutionId],
  );
  const data = useSchoolAdminData(scope);
  if (isNotFound(data.error)) return <SchoolNotFound />;
  const name = data.data?.institutionData?.name;
  const subscribed = data.data !== undefined && isSubscribed(data.data);
  return (
    <div className="school-view">
      <nav className="school-view-breadcrumb" aria-label={t('school-admin.view-breadcrumb')}>
        <ol>
          <li>
            <Link to={`${PLATFORM_ADMIN_HOME}/schools`}>{t('school-admin.view-schools')}</Link>
          </li>
          <li>{name ?? t('school-admin.view-school')}</li>
        </ol>
      </nav>
      {subscribed && (
        <nav
          className="school-view-tabs"
          aria-label={t('school-admin.view-sections', { name: name ?? t('school-admin.view-school') })}
        >
          <ul>
            <li>
              <NavLink to={scope.base} end className="school-view-tab">
                {t('school-admin.nav-home')}
              </NavLink>
            </li>
            {SCHOOL_SECTIONS.map((section) => (
              <li key={section}>
                <NavLink to={sectionPath(scope, section)} className="school-view-tab">
                  {t(SECTION_KEYS[section])}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <Outlet context={scope} />
    </div>
  );
}
