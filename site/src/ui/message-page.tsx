import { Link } from 'react-router';
import { useT } from '../i18n/language';
import { useDocumentTitle } from './use-document-title';

/**
 * A page that only says something (not supported yet, not for this reader): its title, which is also
 * the document's, a text, and two ways on: `home` (`homeLabel`) and logout.
 */
export function MessagePage({
  className,
  title,
  text,
  home,
  homeLabel,
}: {
  className: string;
  title: string;
  text: string;
  home: string;
  homeLabel: string;
}) {
  const t = useT();
  useDocumentTitle(title);
  return (
    <div className={className}>
      <h1>{title}</h1>
      <p>{text}</p>
      <div className="form-actions">
        <Link className="button button-primary" to={home}>
          {homeLabel}
        </Link>
        <Link className="button button-secondary" to="/logout">
          {t('site.logout')}
        </Link>
      </div>
    </div>
  );
}
