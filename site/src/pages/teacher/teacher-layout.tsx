import { homeFor, useUser } from '../../auth/auth';
import { useT } from '../../i18n/language';
import { AreaLayout, sidebarStorageKey, type AreaNavItem } from '../../layout/area-layout';
import { MessagePage } from '../../ui/message-page';
import { isTeacher, TEACHER_HOME, TEACHER_SCHOOL, useTeacherData } from './teacher-data';
import { MODULES_PATH } from './modules/module-data';
import { CREATOR_PROBLEMS, CREATOR_TOOL } from '../creator/creator-data';
import './teacher.css';

/** Where the sidebar choice is remembered between visits. */
export const TEACHER_SIDEBAR_KEY = sidebarStorageKey('teacher');

/**
 * The teacher's area (/teacher/*, spec 03 §2 "Teacher dashboard"): the area's header, a greeting by
 * first name, and a menu of the classes page, the modules page, the school page, and the creator
 * area's creation tool and problem table. Classes and modules are disabled while the teacher's
 * school has no valid plan (spec 03 §4); the school page and authoring always open. The header's home
 * is /teacher, or /student for a reader whose first group is Students. Anybody who is not a teacher
 * is told the area is not for them, with a way to their own area.
 */
export function TeacherLayout() {
  const t = useT();
  const user = useUser();
  const teacher = isTeacher(user);
  const data = useTeacherData({ enabled: teacher });
  const firstName = user?.firstName.trim() ?? '';
  // Until the server says otherwise (or when it cannot be asked), classes stay usable.
  const subscribed = data.data?.validSubscription ?? true;
  const items: AreaNavItem[] = teacher
    ? [
        {
          to: TEACHER_HOME,
          icon: 'classes',
          label: t('teacher.nav-classes'),
          end: true,
          disabled: !subscribed,
        },
        {
          to: MODULES_PATH,
          icon: 'modules',
          label: t('teacher-modules.nav-modules'),
          disabled: !subscribed,
        },
        { to: TEACHER_SCHOOL, icon: 'school', label: t('teacher.nav-school') },
        { to: CREATOR_TOOL, icon: 'practice', label: t('creator.menu-new-problem') },
        { to: CREATOR_PROBLEMS, icon: 'feedback', label: t('creator.nav-problems') },
      ]
    : [];
  return (
    <AreaLayout
      area="teacher"
      title={t('teacher.area-title')}
      home={user?.groups[0] === 'Students' ? '/student' : TEACHER_HOME}
      greeting={t('teacher.greeting', { name: firstName || t('teacher.default-name') })}
      navLabel={t('teacher.nav-label')}
      items={items}
    >
      {teacher ? undefined : <TeacherNoAccess />}
    </AreaLayout>
  );
}

/** Says that the area is for teachers only, and leads to the reader's own area. */
export function TeacherNoAccess() {
  const t = useT();
  const user = useUser();
  return (
    <MessagePage
      className="teacher-page"
      title={t('teacher.no-access-title')}
      text={t('teacher.no-access-text')}
      home={user && !isTeacher(user) ? homeFor(user) : '/'}
      homeLabel={t('teacher.no-access-home')}
    />
  );
}
