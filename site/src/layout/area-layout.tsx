import { useState, type ReactNode } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { useT } from '../i18n/language';
import { LanguageMenu } from './language-menu';
import './area-layout.css';

/** The icons of the areas' menus (24 × 24 strokes). */
const ICON_PATHS = {
  home: 'M3 11l9-8 9 8v10a1 1 0 0 1-1 1h-5v-7h-6v7H4a1 1 0 0 1-1-1z',
  classes: 'M4 4h16v11H4zM2 19h20v2H2zM8 15v4M16 15v4',
  modules: 'M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z',
  practice: 'M4 20h16M6 16l8-8 3 3-8 8H6zM14 8l2-2 3 3-2 2',
  feedback: 'M4 4h16v12H9l-5 4z',
  school: 'M3 21h18M5 21V10l7-5 7 5v11M10 21v-5h4v5M12 12v.01',
  teachers:
    'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 6 6v1M16 3.13a4 4 0 0 1 0 7.75M22 21v-1a6 6 0 0 0-4-5.65',
  codes:
    'M21 2l-2 2m-7.61 7.61a5.5 5.5 0 1 1-7.78 7.78 5.5 5.5 0 0 1 7.78-7.78zm0 0L15.5 7.5m0 0l3 3L22 7l-3-3m-3.5 3.5L19 4',
  lms: 'M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1',
  stats: 'M3 21h18M6 17v-6M11 17V7M16 17v-4M21 17V4',
  graph: 'M3 3v18h18M6 16c2-8 4-10 6-4s4 4 7-7',
  menu: 'M3 6h18M3 12h18M3 18h18',
} as const;

/** The name of a menu icon. */
export type AreaIconName = keyof typeof ICON_PATHS;

/** One entry of an area's menu. */
export interface AreaNavItem {
  to: string;
  icon: AreaIconName;
  /** Visible text, also the link's name when the menu is collapsed to icons. */
  label: string;
  /** Marked current only on this exact path (an area's home), not below it. */
  end?: boolean;
  /** Shown but not usable (a page the reader may not open yet): not a link, announced as unavailable. */
  disabled?: boolean;
}

/** Where an area remembers whether its sidebar is collapsed, on this device. */
export const sidebarStorageKey = (area: string) => `kib.${area}-sidebar`;

function readCollapsed(key: string): boolean {
  try {
    return localStorage.getItem(key) === 'collapsed';
  } catch {
    // Storage may be blocked (private browsing, embedded frames): the sidebar just starts open.
    return false;
  }
}

function writeCollapsed(key: string, collapsed: boolean): void {
  try {
    localStorage.setItem(key, collapsed ? 'collapsed' : 'expanded');
  } catch {
    // Not remembering the choice is harmless.
  }
}

/** A menu icon, hidden from assistive technology (the link's text names it). */
export function AreaIcon({ name }: { name: AreaIconName }) {
  return (
    <svg
      className="area-icon"
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

/**
 * The frame of a logged-in area (student, platform admin…): a header with the area's title (a link
 * to its home), a greeting, the language menu and logout; a sidebar menu of `items` that collapses to
 * a thin bar of icons, remembered per area on this device (no menu when `items` is empty); the page
 * in `<main id="main">` (or `children` instead of the route's page). On a phone the sidebar is a bar
 * above the page, so it never covers the content.
 */
export function AreaLayout({
  area,
  title,
  home,
  greeting,
  navLabel,
  items,
  children,
}: {
  /** A short name of the area: the sidebar's id and where its state is remembered. */
  area: string;
  title: string;
  home: string;
  greeting: string;
  /** The accessible name of the menu. */
  navLabel: string;
  items: readonly AreaNavItem[];
  children?: ReactNode;
}) {
  const t = useT();
  const storageKey = sidebarStorageKey(area);
  const sidebarId = `${area}-sidebar`;
  const [collapsed, setCollapsed] = useState(() => readCollapsed(storageKey));
  const hasMenu = items.length > 0;

  const toggle = () => {
    setCollapsed((was) => {
      writeCollapsed(storageKey, !was);
      return !was;
    });
  };

  return (
    <div className="area-shell" data-collapsed={collapsed || undefined}>
      <a className="skip-link" href="#main">
        {t('site.skip-to-content')}
      </a>
      <header className="area-header">
        {hasMenu && (
          <button
            type="button"
            className="area-menu-toggle"
            aria-expanded={!collapsed}
            aria-controls={sidebarId}
            onClick={toggle}
          >
            <AreaIcon name="menu" />
            <span className="visually-hidden">{t('site.area-menu')}</span>
          </button>
        )}
        <Link to={home} className="area-brand">
          <span className="area-logo">Kib</span>
          <span className="area-title">{title}</span>
        </Link>
        <div className="area-header-actions">
          <p className="area-greeting">{greeting}</p>
          <LanguageMenu />
          <Link to="/logout" className="button button-secondary area-logout">
            {t('site.logout')}
          </Link>
        </div>
      </header>
      <div className="area-body">
        {hasMenu && (
          <nav id={sidebarId} className="area-sidebar" aria-label={navLabel}>
            <ul>
              {items.map((item) => {
                const content = (
                  <>
                    <AreaIcon name={item.icon} />
                    {/* Collapsed: the labels leave the screen but stay the links' accessible names. */}
                    <span className={collapsed ? 'area-nav-label visually-hidden' : 'area-nav-label'}>
                      {item.label}
                    </span>
                  </>
                );
                return (
                  <li key={item.to}>
                    {item.disabled ? (
                      <span role="link" aria-disabled="true" className="area-nav-link">
                        {content}
                      </span>
                    ) : (
                      <NavLink to={item.to} end={item.end} className="area-nav-link">
                        {content}
                      </NavLink>
                    )}
                  </li>
                );
              })}
            </ul>
          </nav>
        )}
        <main id="main" className="area-main" tabIndex={-1}>
          {children ?? <Outlet />}
        </main>
      </div>
    </div>
  );
}
