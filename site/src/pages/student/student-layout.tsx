import { useId, useState } from 'react';
import { Outlet } from 'react-router';
import { useUser } from '../../auth/auth';
import { useT } from '../../i18n/language';
import { AreaLayout, sidebarStorageKey } from '../../layout/area-layout';
import './student-layout.css';

/** Where the sidebar choice is remembered between visits. */
export const SIDEBAR_STORAGE_KEY = sidebarStorageKey('student');

/** Where a closed demo-account banner is remembered: for this visit (the tab's session) only. */
export const DEMO_BANNER_STORAGE_KEY = 'kib.demo-account-banner-closed';

function readClosed(): boolean {
  try {
    return sessionStorage.getItem(DEMO_BANNER_STORAGE_KEY) === 'closed';
  } catch {
    // Storage may be blocked (private browsing, embedded frames): the banner just shows.
    return false;
  }
}

/**
 * The banner of the demo account (spec 01 §6): it sees limited content. It may be closed for the
 * rest of the visit (the tab's session), and comes back on the next one; closing it moves the focus
 * to the page, so a keyboard user is not left on nothing.
 */
function DemoAccountBanner() {
  const t = useT();
  const titleId = useId();
  const [closed, setClosed] = useState(readClosed);
  if (closed) return null;
  const close = () => {
    try {
      sessionStorage.setItem(DEMO_BANNER_STORAGE_KEY, 'closed');
    } catch {
      // Not remembering it only shows the banner again on the next page load.
    }
    setClosed(true);
    document.getElementById('main')?.focus();
  };
  return (
    <div className="demo-account-banner" role="note" aria-labelledby={titleId}>
      <div className="demo-account-banner-body">
        <p id={titleId} className="demo-account-banner-title">
          {t('student.demo-account-banner-title')}
        </p>
        <p className="demo-account-banner-text">{t('student.demo-account-banner-text')}</p>
      </div>
      <button
        type="button"
        className="demo-account-banner-close"
        onClick={close}
        aria-label={t('student.demo-account-banner-close')}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/**
 * The student area's frame (spec 01 §2, spec 03 "Student dashboards"): the dashboard title, a
 * greeting by first name and logout; a sidebar with home, classes, modules, practice and feedback
 * (see {@link AreaLayout}); above the page, for the demo account, the banner saying its content is
 * limited (the server limits it).
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
    >
      {user?.isDemo ? <DemoAccountBanner /> : null}
      <Outlet />
    </AreaLayout>
  );
}
