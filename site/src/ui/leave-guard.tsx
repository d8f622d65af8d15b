import { useEffect, type RefObject } from 'react';
import { useBlocker, type Blocker } from 'react-router';
import { Modal } from './modal';

/**
 * Asks before leaving unsaved work: a navigation inside the site is held (the returned blocker) while
 * `isDirty()` says so, and closing or reloading the page asks the browser's question while `dirty`.
 * Moving to another query of the same page, or to `allowedPath` (the address of what was just
 * saved), is not leaving.
 */
export function useLeaveGuard(
  dirty: boolean,
  isDirty: () => boolean,
  allowedPath: RefObject<string | null>,
): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty() &&
      currentLocation.pathname !== nextLocation.pathname &&
      nextLocation.pathname !== allowedPath.current,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return blocker;
}

/** The question of a held navigation: stay (the default action) or leave. */
export function LeaveGuardDialog({
  blocker,
  title,
  text,
  stay,
  leave,
}: {
  blocker: Blocker;
  title: string;
  text: string;
  stay: string;
  leave: string;
}) {
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={title}
      onClose={() => blocker.reset?.()}
      actions={
        <>
          <button type="button" className="button button-primary" onClick={() => blocker.reset?.()}>
            {stay}
          </button>
          <button type="button" className="button button-secondary" onClick={() => blocker.proceed?.()}>
            {leave}
          </button>
        </>
      }
    >
      <p>{text}</p>
    </Modal>
  );
}
