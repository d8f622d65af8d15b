import { useState } from 'react';
import { Outlet } from 'react-router';
import { homeFor, useUser } from '../../auth/auth';
import { useT } from '../../i18n/language';
import { AreaLayout, sidebarStorageKey, type AreaNavItem } from '../../layout/area-layout';
import { MessagePage } from '../../ui/message-page';
import {
  isSchoolAdmin,
  SCHOOL_ADMIN_HOME,
  sectionPath,
  useSchoolAdminData,
  type SchoolScope,
} from './school-admin-data';
import './school-admin.css';

/** Where the sidebar choice is remembered between visits. */
export const SCHOOL_ADMIN_SIDEBAR_KEY = sidebarStorageKey('school-admin');

/**
 * The school administrator's area (/schooladmin/*, spec 03 §2 "School administrator landing"): the
 * area's header with a greeting by first name, and once the school has a plan, a menu of its home,
 * teachers, classrooms and registration codes (before that the home is all there is: the school
 * registers, then redeems its school code). Its pages are about the admin's own school. Anybody
 * who is not a school admin is told the area is not for them, with a way to their own area.
 */
export function SchoolAdminLayout() {
  const t = useT();
  const user = useUser();
  const admin = isSchoolAdmin(user);
  const [scope] = useState<SchoolScope>(() => ({
    area: 'school-admin',
    base: SCHOOL_ADMIN_HOME,
    homeShown: { current: false },
  }));
  const data = useSchoolAdminData(scope, { enabled: admin });
  const firstName = user?.firstName.trim() ?? '';
  const subscribed = Boolean(data.data?.institutionData && data.data.subscription);
  const items: AreaNavItem[] =
    admin && subscribed
      ? [
          { to: SCHOOL_ADMIN_HOME, icon: 'home', label: t('school-admin.nav-home'), end: true },
          { to: sectionPath(scope, 'teachers'), icon: 'teachers', label: t('school-admin.nav-teachers') },
          { to: sectionPath(scope, 'classrooms'), icon: 'classes', label: t('school-admin.nav-classrooms') },
          { to: sectionPath(scope, 'codes'), icon: 'codes', label: t('school-admin.nav-codes') },
        ]
      : [];
  return (
    <AreaLayout
      area="school-admin"
      title={t('school-admin.area-title')}
      home={SCHOOL_ADMIN_HOME}
      greeting={t('school-admin.greeting', { name: firstName || t('school-admin.default-name') })}
      navLabel={t('school-admin.nav-label')}
      items={items}
    >
      {admin ? <Outlet context={scope} /> : <SchoolAdminNoAccess />}
    </AreaLayout>
  );
}

/** Says that the area is for school administrators only, and leads to the reader's own area. */
export function SchoolAdminNoAccess() {
  const t = useT();
  const user = useUser();
  return (
    <MessagePage
      className="school-admin-page"
      title={t('school-admin.no-access-title')}
      text={t('school-admin.no-access-text')}
      home={user && !isSchoolAdmin(user) ? homeFor(user) : '/'}
      homeLabel={t('school-admin.no-access-home')}
    />
  );
}
