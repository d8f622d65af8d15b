import { useLocation } from 'react-router';
import { homeFor, useUser } from '../../auth/auth';
import { useT } from '../../i18n/language';
import { AreaLayout, type AreaNavItem } from '../../layout/area-layout';
import { MessagePage } from '../../ui/message-page';
import { NEW_MODULE_PATH } from '../teacher/modules/module-data';
import {
  CREATOR_GRAPHER,
  CREATOR_HOME,
  CREATOR_PROBLEMS,
  CREATOR_TOOL_FRESH,
  isAuthor,
  isTeacherUser,
} from './creator-data';
import { CREATOR_STATS_PATH, isStatsReader } from './stats/creator-stats-data';
import { CREATOR_REVIEWS, takesPartInReviews } from './reviews/reviews-data';
import '../teacher/teacher.css';
import '../teacher/modules/modules.css';
import { CREATOR_MODULE_BUILDER, CREATOR_MODULES, isModuleCreator } from './modules/creator-modules-data';
import './creator.css';

/**
 * The creator area (/creator/*, spec 02 §2 "Creator area"): the area's header with logout, and a
 * menu of 'Create new problem' (the creation tool on a fresh draft), the problem table and, for an
 * author who is also a teacher, the teacher's module builder. Creators and supervisors land here;
 * teachers reach it from their menu. Anybody who does not author problems is told the area is not
 * for them, with a way to their own area.
 */
export function CreatorLayout() {
  const t = useT();
  const user = useUser();
  const { pathname } = useLocation();
  // The demo account may try the module builder, limited to its preset (spec 02 §4).
  const demoBuilder = Boolean(user?.isDemo) && pathname === CREATOR_MODULE_BUILDER;
  const author = isAuthor(user);
  const moduleItems: AreaNavItem[] =
    isModuleCreator(user) || demoBuilder
      ? [
          {
            to: CREATOR_MODULE_BUILDER,
            icon: 'modules',
            label: t('creator-modules.nav-create-assignment'),
            end: true,
          },
          ...(demoBuilder
            ? []
            : [{ to: CREATOR_MODULES, icon: 'modules' as const, label: t('creator-modules.nav-modules') }]),
        ]
      : [];
  const firstName = user?.firstName.trim() ?? '';
  const items: AreaNavItem[] = author
    ? [
        { to: CREATOR_TOOL_FRESH, icon: 'practice', label: t('creator.nav-new-problem'), end: true },
        { to: CREATOR_PROBLEMS, icon: 'classes', label: t('creator.nav-problems') },
        ...moduleItems,
        ...(isStatsReader(user)
          ? [{ to: CREATOR_STATS_PATH, icon: 'stats' as const, label: t('creator-stats.nav') }]
          : []),
        ...(isTeacherUser(user)
          ? [{ to: NEW_MODULE_PATH, icon: 'modules' as const, label: t('creator.nav-module-builder') }]
          : []),
        ...(takesPartInReviews(user)
          ? [{ to: CREATOR_REVIEWS, icon: 'feedback' as const, label: t('creator-reviews.nav') }]
          : []),
        { to: CREATOR_GRAPHER, icon: 'graph', label: t('creator.nav-grapher') },
      ]
    : moduleItems;
  return (
    <AreaLayout
      area="creator"
      title={t('creator.area-title')}
      home={CREATOR_HOME}
      greeting={t('creator.greeting', { name: firstName || t('creator.default-name') })}
      navLabel={t('creator.nav-label')}
      items={items}
    >
      {author || demoBuilder ? undefined : <CreatorNoAccess />}
    </AreaLayout>
  );
}

/** Says that the area is for authors only, and leads to the reader's own area. */
function CreatorNoAccess() {
  const t = useT();
  const user = useUser();
  return (
    <MessagePage
      className="teacher-page"
      title={t('creator.no-access-title')}
      text={t('creator.no-access-text')}
      home={user ? homeFor(user) : '/'}
      homeLabel={t('creator.no-access-home')}
    />
  );
}
