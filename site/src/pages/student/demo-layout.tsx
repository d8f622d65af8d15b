import { Link, Outlet } from 'react-router';
import { homeFor, useAuth } from '../../auth/auth';
import { useT } from '../../i18n/language';
import { LanguageMenu } from '../../layout/language-menu';
import '../../layout/layout.css';
import './demo-layout.css';

/**
 * The demo student area (/demo/student/*, spec 01 §6): anybody may browse the demo courses and solve
 * their problems without an account. A banner says the content is limited and that answers are
 * checked but not saved, and invites the visitor to sign up.
 */
export function DemoLayout() {
  const t = useT();
  const auth = useAuth();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('site.skip-to-content')}
      </a>
      <header className="site-header">
        <nav className="container site-nav" aria-label={t('student.demo-navigation')}>
          <Link to="/" className="site-logo">
            Kib
          </Link>
          <p className="demo-greeting">{t('student.demo-greeting')}</p>
          <div className="site-nav-actions">
            <LanguageMenu />
            {auth.status === 'authenticated' ? (
              <Link className="button button-primary" to={homeFor(auth.user)}>
                {t('site.my-area')}
              </Link>
            ) : (
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
        </nav>
        <div className="demo-banner" role="note">
          <div className="container">
            <p className="demo-banner-title">{t('student.demo-banner-title')}</p>
            <p className="demo-banner-text">
              {t('student.demo-banner-text')} <Link to="/signup">{t('student.demo-banner-signup')}</Link>
            </p>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}
