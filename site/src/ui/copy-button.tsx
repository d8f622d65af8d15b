import { useState, type ReactNode } from 'react';
import { useT } from '../i18n/language';

/**
 * Copies `text` to the clipboard and says so in a polite live region ("Copied", or how to copy by
 * hand when the browser refuses: an insecure page, a denied permission).
 */
export function CopyButton({ text, children }: { text: string; children: ReactNode }) {
  const t = useT();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="copy-button">
      <button type="button" className="button button-secondary" onClick={() => void copy()}>
        {children}
      </button>
      <span role="status" className="copy-button-status">
        {state === 'copied' ? t('site.copied') : state === 'failed' ? t('site.copy-failed') : ''}
      </span>
    </span>
  );
}
