import { Link, Outlet } from 'react-router';
import { useT } from '../i18n/language';
import { CONTACT_EMAIL, CONTACT_PHONE } from '../app/contact-details';
import { PublicNav } from './public-nav';
import './layout.css';

/** The public pages: skip link, the landing navigation, the page, the footer with contact details. */
export function PublicLayout() {
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('site.skip-to-content')}
      </a>
      <PublicNav />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <footer className="site-footer">
        <div className="container">
          <p>
            <Link to="/">Kib</Link> · {t('site.footer-tagline')}
          </p>
          <p>
            <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> ·{' '}
            <a href={`tel:${CONTACT_PHONE.dial}`}>{CONTACT_PHONE.display}</a>
          </p>
        </div>
      </footer>
    </>
  );
}
