import type { Language } from '@kib/i18n';
import { useT } from '../../shared/i18n';
import { WidgetStyles } from '../../shared/styles';
import css from './finished-banners.css?inline';

/** Props of {@link QuestionFinishedBanner}. */
export interface QuestionFinishedBannerProps {
  /** Interface language; Spanish by default. */
  lang?: Language;
  /** The close icon. */
  onClose: () => void;
  /** 'Siguiente': closes the banner and moves to the next question tab; without it (last question) there is no such button. */
  onNext?: () => void;
}

/** Props of {@link ExerciseFinishedBanner}. */
export interface ExerciseFinishedBannerProps {
  /** Interface language; Spanish by default. */
  lang?: Language;
  /** The close icon. */
  onClose: () => void;
}

function CloseIcon({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" className="kib-button kib-banner__close" aria-label={label} onClick={onClick}>
      <span aria-hidden="true">×</span>
    </button>
  );
}

/**
 * The finished-question banner (spec 01 §4, spec 02 §2): '¡Resolviste la pregunta!', a close icon and
 * a 'Siguiente' link-button. Announced politely when it appears.
 */
export function QuestionFinishedBanner({ lang, onClose, onNext }: QuestionFinishedBannerProps) {
  const t = useT(lang);
  return (
    <div className="kib-root kib-banner kib-banner--question">
      <WidgetStyles css={css} />
      <p className="kib-banner__text" role="status">
        {t('solver.parts.question-finished')}
      </p>
      {onNext ? (
        <button
          type="button"
          className="kib-banner__next"
          onClick={() => {
            onClose();
            onNext();
          }}
        >
          {t('solver.parts.next')}
          <span aria-hidden="true"> →</span>
        </button>
      ) : null}
      <CloseIcon label={t('solver.parts.close-message')} onClick={onClose} />
    </div>
  );
}

/** The finished-exercise banner (spec 02 §2): a translated congratulation, an emoji and a close icon. */
export function ExerciseFinishedBanner({ lang, onClose }: ExerciseFinishedBannerProps) {
  const t = useT(lang);
  return (
    <div className="kib-root kib-banner kib-banner--exercise">
      <WidgetStyles css={css} />
      <p className="kib-banner__text" role="status">
        <span className="kib-banner__emoji" aria-hidden="true">
          🎉
        </span>
        <span className="kib-visually-hidden">{t('solver.parts.celebration')}: </span>
        {t('solver.parts.exercise-finished')}
      </p>
      <CloseIcon label={t('solver.parts.close-message')} onClick={onClose} />
    </div>
  );
}
