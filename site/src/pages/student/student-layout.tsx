import { useUser } from '../../auth/auth';
import { useT } from '../../i18n/language';
import { AreaLayout, sidebarStorageKey } from '../../layout/area-layout';
import './student-layout.css';

/** Where the sidebar choice is remembered between visits. */
export const SIDEBAR_STORAGE_KEY = sidebarStorageKey('student');

/**
 * The student area's frame (spec 01 §2, spec 03 "Student dashboards"): the dashboard title, a
 * greeting by first name and logout; a sidebar with home, classes, modules, practice and feedback
 * (see {@link AreaLayout}).
 */
export function StudentLayout() {
  const t = useT();
  const user = useUser();
  const firstName = user?.firstName.trim() ?? '';
  const home = user?.groups.includes('Students') ? '/student' : '/teacher';
  return (
    <AreaLayout
      area="student"
      title={t('student.area-dashboard-title')}
      home={home}
      greeting={t('student.area-greeting', { name: firstName || t('student.area-default-name') })}
      navLabel={t('student.area-nav-label')}
      items={[
        { to: home, icon: 'home', label: t('student.area-nav-home'), end: true },
        { to: '/student/classrooms', icon: 'classes', label: t('student.area-nav-classes') },
        { to: '/student/modules', icon: 'modules', label: t('student.area-nav-modules') },
        { to: '/student/practice', icon: 'practice', label: t('student.area-nav-practice') },
        { to: '/student/feedback', icon: 'feedback', label: t('student.area-nav-feedback') },
      ]}
    />
  );
}
