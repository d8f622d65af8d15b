import { useEffect } from 'react';

/** Sets the page title ("<title> · Kib"), so each page is named in tabs, history and screen readers. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Kib` : 'Kib';
  }, [title]);
}
