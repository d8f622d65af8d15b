import { useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { useUser } from '../../auth/auth';
import { useT } from '../../i18n/language';
import { LanguageMenu } from '../../layout/language-menu';
import './student-layout.css';

/** Where the sidebar choice is remembered between visits. */
export const SIDEBAR_STORAGE_KEY = 'kib.student-sidebar';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_STORAGE_KEY) === 'collapsed';
  } catch {
    // Storage may be blocked (private browsing, embedded frames): the sidebar just starts open.
    return false;
  }
}

function writeCollapsed(collapsed: boolean): void {
  try {
    localStorage.setItem(SIDEBAR_STORAGE_KEY, collapsed ? 'collapsed' : 'expanded');
  } catch {
    // Not remembering the choice is harmless.
  }
}

const ICON_PATHS = {
  home: 'M3 11l9-8 9 8v10a1 1 0 0 1-1 1h-5v-7h-6v7H4a1 1 0 0 1-1-1z',
  classes: 'M4 4h16v11H4zM2 19h20v2H2zM8 15v4M16 15v4',
  modules: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  practice: 'M4 20h16M6 16l8-8 3 3-8 8H6zM14 8l2-2 3 3-2 2',
  feedback: 'M4 4h16v12H9l-5 4z',
  menu: 'M3 6h18M3 12h18M3 18h18',
} as const;

function NavIcon({ name }: { name: keyof typeof ICON_PATHS }) {
  return (
    <svg
      className="student-icon"
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d={ICON_PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

function SideLink({
  to,
  icon,
  end,
  children,
}: {
  to: string;
  icon: keyof typeof ICON_PATHS;
  end?: boolean;
  children: ReactNode;
}) {
  return (
    <li>
      <NavLink to={to} end={end} className="student-nav-link">
        <NavIcon name={icon} />
        <span className="student-nav-label">{children}</span>
      </NavLink>
    </li>
  );
}

/**
 * The student area's frame (spec 01 §2, spec 03 "Student dashboards"): a header with the dashboard
 * title, a greeting by first name and logout; a sidebar (home, classes, modules, practice, feedback)
 * that collapses to a thin bar of icons, remembered on this device; the page in `<main id="main">`.
 * On a phone the sidebar is a bar above the page, so it never covers the content.
 */
export function StudentLayout() {
  const t = useT();
  const user = useUser();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const firstName = user?.firstName.trim() ?? '';
  const home = user?.groups.includes('Students') ? '/student' : '/teacher';

  const toggle = () => {
    setCollapsed((was) => {
      writeCollapsed(!was);
      return !was;
    });
  };

  return (
    <div className="student-shell" data-collapsed={collapsed || undefined}>
      <a className="skip-link" href="#main">
        {t('site.skip-to-content')}
      </a>
      <header className="student-header">
        <button
          type="button"
          className="student-menu-toggle"
          aria-expanded={!collapsed}
          aria-controls="student-sidebar"
          onClick={toggle}
        >
          <NavIcon name="menu" />
          <span className="visually-hidden">{t('student.area-menu')}</span>
        </button>
        <Link to={home} className="student-brand">
          <span className="student-logo">Kib</span>
          <span className="student-title">{t('student.area-dashboard-title')}</span>
        </Link>
        <div className="student-header-actions">
          <p className="student-greeting">
            {t('student.area-greeting', { name: firstName || t('student.area-default-name') })}
          </p>
          <LanguageMenu />
          <Link to="/logout" className="button button-secondary student-logout">
            {t('site.logout')}
          </Link>
        </div>
      </header>
      <div className="student-body">
        <nav id="student-sidebar" className="student-sidebar" aria-label={t('student.area-nav-label')}>
          <ul>
            <SideLink to={home} icon="home" end>
              {t('student.area-nav-home')}
            </SideLink>
            <SideLink to="/student/classrooms" icon="classes">
              {t('student.area-nav-classes')}
            </SideLink>
            <SideLink to="/student/modules" icon="modules">
              {t('student.area-nav-modules')}
            </SideLink>
            <SideLink to="/student/practice" icon="practice">
              {t('student.area-nav-practice')}
            </SideLink>
            <SideLink to="/student/feedback" icon="feedback">
              {t('student.area-nav-feedback')}
            </SideLink>
          </ul>
        </nav>
        <main id="main" className="student-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
