import { useT } from '../../i18n/language';
import { MessagePage } from '../../ui/message-page';

/** The not-found page: 'Sorry, this operation isn't supported yet!' (spec 01 §2). */
export function NotSupportedPage() {
  const t = useT();
  return (
    <MessagePage
      className="container page"
      title={t('site.not-supported')}
      text={t('site.not-supported-text')}
      home="/"
      homeLabel={t('site.go-home')}
    />
  );
}
