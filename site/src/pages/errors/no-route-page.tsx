import { Link } from 'react-router';
import { useT } from '../../i18n/language';
import { useDocumentTitle } from '../../ui/use-document-title';

/** Unmatched paths: 'No route' and a way back (spec 01 §2). */
export function NoRoutePage() {
  const t = useT();
  useDocumentTitle(t('site.no-route'));
  return (
    <div className="container page">
      <h1>{t('site.no-route')}</h1>
      <p>{t('site.no-route-text')}</p>
      <Link className="button button-primary" to="/">
        {t('site.go-home')}
      </Link>
    </div>
  );
}
