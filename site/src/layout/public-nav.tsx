import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { homeFor, useAuth } from '../auth/auth';
import { useT } from '../i18n/language';
import { LANDING_SECTIONS } from '../pages/landing/landing-sections';
import { LanguageMenu } from './language-menu';

/** The group that gets the landing navigation's menu (spec 01 §2, §6). */
const TEACHERS = 'Teachers';

/**
 * A disclosure that closes on Escape (focus back on its button), on a press outside it, and on
 * navigation: it is open only for the location it was opened at, so a followed link closes it.
 */
function useDisclosure(): {
  open: boolean;
  toggle: () => void;
  close: () => void;
  button: RefObject<HTMLButtonElement | null>;
  container: RefObject<HTMLDivElement | null>;
  onKeyDown: (event: KeyboardEvent) => void;
} {
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === location.key;
  const button = useRef<HTMLButtonElement>(null);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpenAt(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return {
    open,
    toggle: () => setOpenAt(open ? null : location.key),
    close: () => setOpenAt(null),
    button,
    container,
    onKeyDown: (event) => {
      if (event.key !== 'Escape' || !open) return;
      // An inner menu closes alone; the one around it stays open.
      event.stopPropagation();
      setOpenAt(null);
      button.current?.focus();
    },
  };
}

/**
 * Teachers' menu (spec 01 §2): a new module (the builder, where problems are picked, previewed and
 * tried), the module list, a new problem (the creation tool), the problem table and logout.
 */
function TeacherMenu() {
  const t = useT();
  const id = useId();
  const menu = useDisclosure();
  return (
    <div className="site-teacher-menu" ref={menu.container} onKeyDown={menu.onKeyDown}>
      <button
        ref={menu.button}
        type="button"
        className="button button-secondary"
        aria-expanded={menu.open}
        aria-controls={id}
        onClick={menu.toggle}
      >
        {t('landing.nav-teacher-menu')}
        <span className="site-caret" aria-hidden="true" />
      </button>
      <ul id={id} className="site-teacher-menu-list" hidden={!menu.open}>
        <li>
          <Link to="/teacher/modules/new">{t('landing.nav-new-module')}</Link>
        </li>
        <li>
          <Link to="/teacher/modules">{t('landing.nav-modules')}</Link>
        </li>
        <li>
          <Link to="/creator/tool">{t('landing.nav-new-problem')}</Link>
        </li>
        <li>
          <Link to="/creator/problems">{t('landing.nav-problems')}</Link>
        </li>
        <li>
          <Link to="/logout">{t('site.logout')}</Link>
        </li>
      </ul>
    </div>
  );
}

/**
 * The landing navigation (spec 01 §2): the logo home; on the home page the anchors of its sections;
 * the language menu; login and sign-up, or the reader's own area (and Teachers' menu). On a phone
 * everything but the logo folds behind one menu button, so the bar fits 360 px.
 */
export function PublicNav() {
  const t = useT();
  const auth = useAuth();
  const { pathname } = useLocation();
  const panelId = useId();
  const panel = useDisclosure();
  const onHome = pathname === '/';

  return (
    <header className="site-header">
      <nav className="container site-nav" aria-label={t('site.main-navigation')}>
        <Link to="/" className="site-logo">
          Kib
        </Link>
        <div className="site-nav-collapsible" ref={panel.container} onKeyDown={panel.onKeyDown}>
          <button
            ref={panel.button}
            type="button"
            className="button button-secondary site-nav-toggle"
            aria-expanded={panel.open}
            aria-controls={panelId}
            onClick={panel.toggle}
          >
            <span className="site-burger" aria-hidden="true" />
            {t('landing.nav-menu')}
          </button>
          <div id={panelId} className="site-nav-panel" data-open={panel.open}>
            {onHome && (
              <ul className="site-sections" aria-label={t('landing.nav-sections')}>
                {LANDING_SECTIONS.map((section) => (
                  // Plain fragment links: the browser scrolls and moves the focus start to the section.
                  <li key={section.id}>
                    <a href={`#${section.id}`} onClick={panel.close}>
                      {t(section.label)}
                    </a>
                  </li>
                ))}
              </ul>
            )}
            <div className="site-nav-actions">
              <LanguageMenu />
              {auth.status === 'authenticated' && (
                <>
                  <Link className="button button-primary" to={homeFor(auth.user)}>
                    {t('site.my-area')}
                  </Link>
                  {auth.user.groups.includes(TEACHERS) && <TeacherMenu />}
                </>
              )}
              {auth.status === 'anonymous' && (
                <>
                  <Link className="button button-secondary" to="/login">
                    {t('site.login')}
                  </Link>
                  <Link className="button button-primary" to="/signup">
                    {t('site.signup')}
                  </Link>
                </>
              )}
            </div>
          </div>
        </div>
      </nav>
    </header>
  );
}
