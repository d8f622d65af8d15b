import type { Language } from '@kib/i18n';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/language';
import './demo-video.css';

/** The demo video on YouTube, one recording per interface language (spec 01 §1). */
export const DEMO_VIDEO_IDS: Readonly<Record<Language, string>> = {
  es: 'Zq5xXhB4d2c',
  en: 'Hn7Qm3vYt1w',
};

/**
 * The player address of the demo in `language`: YouTube's no-cookie host, starting at once (the
 * reader already pressed play) and with the player's own texts and captions in the same language.
 */
export function demoVideoUrl(language: Language): string {
  const query = new URLSearchParams({ autoplay: '1', rel: '0', hl: language, cc_lang_pref: language });
  return `https://www.youtube-nocookie.com/embed/${DEMO_VIDEO_IDS[language]}?${query}`;
}

/**
 * The demo video behind a play button: nothing is requested from YouTube until the reader asks for
 * it, so the page stays light on a phone's data plan and sets no third-party cookies. Changing the
 * language goes back to the button, since the other language has its own recording.
 */
export function DemoVideo({ language }: { language: Language }) {
  const t = useT();
  const [playingIn, setPlayingIn] = useState<Language | null>(null);
  const playing = playingIn === language;
  const frame = useRef<HTMLIFrameElement>(null);

  // The button the reader pressed is gone: keyboard focus continues in the player that replaced it.
  useEffect(() => {
    if (playing) frame.current?.focus();
  }, [playing]);

  return (
    <div className="demo-video">
      <div className="demo-video-frame">
        {playing ? (
          <iframe
            ref={frame}
            src={demoVideoUrl(language)}
            title={t('landing.demo-video-title')}
            allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share"
            referrerPolicy="strict-origin-when-cross-origin"
            allowFullScreen
          />
        ) : (
          <button type="button" className="demo-video-play" onClick={() => setPlayingIn(language)}>
            <svg className="demo-video-icon" viewBox="0 0 68 48" aria-hidden="true" focusable="false">
              <rect width="68" height="48" rx="12" />
              <path d="M27 14 L47 24 L27 34 Z" />
            </svg>
            <span className="demo-video-label">{t('landing.demo-play')}</span>
          </button>
        )}
      </div>
      <p className="demo-video-note">{t('landing.demo-privacy')}</p>
    </div>
  );
}
