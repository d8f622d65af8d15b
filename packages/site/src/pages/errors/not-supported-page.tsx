import { Link } from 'react-router';
import { useT } from '../../i18n/language';
import { useDocumentTitle } from '../../ui/use-document-title';

/** The not-found page: 'Sorry, this operation isn't supported yet!' (spec 01 §2). */
export function NotSupportedPage() {
  const t = useT();
  useDocumentTitle(t('site.not-supported'));
  return (
    <div className="container page">
      <h1>{t('site.not-supported')}</h1>
      <p>{t('site.not-supported-text')}</p>
      <div className="form-actions">
        <Link className="button button-primary" to="/">
          {t('site.go-home')}
        </Link>
        <Link className="button button-secondary" to="/logout">
          {t('site.logout')}
        </Link>
      </div>
    </div>
  );
}
