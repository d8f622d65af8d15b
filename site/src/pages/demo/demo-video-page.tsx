import { Link } from 'react-router';
import { useLanguage, useT } from '../../i18n/language';
import { useDocumentTitle } from '../../ui/use-document-title';
import { DemoVideo } from '../landing/demo-video';
import './demo-video-page.css';

/**
 * The demo video page (/demo): the recording in the reader's language, behind the same play button
 * as on the landing, and the ways to try Kib next (the demo area, or an activity code).
 */
export function DemoVideoPage() {
  const t = useT();
  const { language } = useLanguage();
  useDocumentTitle(t('landing.demo-page-title'));
  return (
    <div className="container page demo-video-page">
      <h1>{t('landing.demo-page-title')}</h1>
      <p className="demo-video-page-text">{t('landing.demo-page-text')}</p>
      <DemoVideo language={language} />
      <div className="form-actions">
        <Link className="button button-primary" to="/demo/student">
          {t('landing.demo-page-try')}
        </Link>
        <Link className="button button-secondary" to="/code/student">
          {t('landing.demo-page-start')}
        </Link>
      </div>
    </div>
  );
}
