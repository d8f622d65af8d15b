import { Link } from 'react-router';
import { homeFor, useAuth } from '../auth/auth';
import { useT } from '../i18n/language';
import { LanguageMenu } from './language-menu';

/** The landing navigation: logo, language menu, and login and sign-up (or the reader's own area). */
export function PublicNav() {
  const t = useT();
  const auth = useAuth();
  return (
    <header className="site-header">
      <nav className="container site-nav" aria-label={t('site.main-navigation')}>
        <Link to="/" className="site-logo">
          Kib
        </Link>
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
    </header>
  );
}
