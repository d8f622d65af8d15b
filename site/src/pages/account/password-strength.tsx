import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { useDeferredValue, useEffect, useId, useMemo, useState } from 'react';
import { useT } from '../../i18n/language';

let estimator: Promise<ZxcvbnFactory> | null = null;

/**
 * Loads zxcvbn and its common dictionaries once, on first use: they weigh far more than the pages
 * that show the meter, and most visitors never type a password.
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')])
    .then(
      ([core, common]) =>
        new core.ZxcvbnFactory({
          dictionary: { ...common.dictionary },
          graphs: common.adjacencyGraphs,
        }),
    )
    .catch((error: unknown) => {
      // A chunk that failed to download (a dropped connection) may load on the next keystroke.
      estimator = null;
      throw error;
    });
  return estimator;
}

/** zxcvbn's scores 0–4, named from very weak to strong. */
const LEVELS = ['very-weak', 'weak', 'fair', 'good', 'strong'] as const;

/** zxcvbn's warnings come back as camelCase keys (no translation pack loaded); ours are kebab-case. */
function warningKey(warning: string): string {
  return `account.strength-warning-${warning.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/**
 * How strong a password is: a meter from very weak to strong, its name, and zxcvbn's warning when
 * it has one. `userInputs` (the person's e-mail and names) count against the password; pass a
 * stable (memoized) array. Shows nothing until something is typed.
 */
export function PasswordStrength({ password, userInputs }: { password: string; userInputs: string[] }) {
  const t = useT();
  const labelId = useId();
  const [zxcvbn, setZxcvbn] = useState<ZxcvbnFactory | null>(null);
  const typed = useDeferredValue(password);

  useEffect(() => {
    if (!password || zxcvbn) return;
    let alive = true;
    loadEstimator().then(
      (loaded) => {
        if (alive) setZxcvbn(loaded);
      },
      () => undefined,
    );
    return () => {
      alive = false;
    };
  }, [password, zxcvbn]);

  const result = useMemo(
    () => (zxcvbn && typed ? zxcvbn.check(typed, userInputs) : null),
    [zxcvbn, typed, userInputs],
  );
  if (!password || !result) return null;

  const level = t(`account.strength-${LEVELS[result.score]}`);
  const warning = result.feedback.warning;
  return (
    <div className="password-strength" data-score={result.score}>
      <div className="password-strength-row">
        <span id={labelId}>{t('account.strength-label')}</span>
        <span className="password-strength-level" aria-live="polite">
          {level}
        </span>
      </div>
      <div
        role="meter"
        className="password-strength-meter"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={4}
        aria-valuenow={result.score}
        aria-valuetext={level}
      >
        <div className="password-strength-bar" style={{ width: `${(result.score + 1) * 20}%` }} />
      </div>
      {warning && <p className="password-strength-warning">{t(warningKey(warning))}</p>}
    </div>
  );
}
