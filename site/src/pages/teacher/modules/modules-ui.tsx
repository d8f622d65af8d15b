import { useCallback, useState, type ReactNode } from 'react';
import { useT } from '../../../i18n/language';
import { CopyButton } from '../../../ui/copy-button';

/** A progress bar with its rounded percent written beside it (the text is what screen readers read). */
export function ProgressBar({ percent }: { percent: number }) {
  const t = useT();
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <span className="modules-progress">
      <span className="modules-progress-track" aria-hidden="true">
        <span className="modules-progress-fill" style={{ width: `${value}%` }} />
      </span>
      <span className="modules-progress-text">{t('teacher-modules.percent', { percent: value })}</span>
    </span>
  );
}

/** One activity code: who it is for, the code, and its copy button. */
export function CodeLine({ label, code, children }: { label: string; code: string; children: ReactNode }) {
  return (
    <div className="modules-code-line">
      <dt>{label}</dt>
      <dd>
        <span className="teacher-code">{code}</span>
        <CopyButton text={code}>{children}</CopyButton>
      </dd>
    </div>
  );
}

/** The module a row's button acts on, for screen readers ("Edit" is read "Edit Funciones"). */
export function HiddenName({ name }: { name: ReactNode }) {
  return <span className="visually-hidden"> {name}</span>;
}

/** A message for screen readers, and the function that says a new one (the same text twice is said twice). */
export function useAnnouncer() {
  const [message, setMessage] = useState({ text: '', count: 0 });
  const announce = useCallback((text: string) => setMessage((m) => ({ text, count: m.count + 1 })), []);
  return { message, announce };
}

/** The polite live region of {@link useAnnouncer}'s messages, out of sight. */
export function Announcer({ message }: { message: { text: string; count: number } }) {
  return (
    <div role="status" className="visually-hidden">
      <span key={message.count}>{message.text}</span>
    </div>
  );
}
