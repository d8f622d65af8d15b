import { useT } from '../../i18n/language';
import { useDocumentTitle } from '../../ui/use-document-title';

/** /code/student: joining an activity by its code (student or teacher). */
export function CodeStudentPage() {
  const t = useT();
  useDocumentTitle(t('site.code-title'));
  return (
    <div className="container page narrow">
      <h1>{t('site.code-title')}</h1>
      <p>{t('site.code-coming')}</p>
    </div>
  );
}
