import { Link } from 'react-router';
import { useLanguage, useT } from '../../i18n/language';
import { useDocumentTitle } from '../../ui/use-document-title';
import { ContactForm } from './contact-form';
import { DemoVideo } from './demo-video';
import { LANDING_SECTION_IDS } from './landing-sections';
import { CONTACT_EMAIL, CONTACT_PHONE } from '../../app/contact-details';
import './landing.css';

const FEATURES = ['steps', 'hints', 'editor', 'feedback'] as const;

const AUDIENCES = [
  { key: 'students', to: '/code/student' },
  { key: 'teachers', to: '/signup' },
  { key: 'schools', to: '/signup?user=schoolAdmin' },
] as const;

/**
 * The public home (spec 01 §1-§2): the hero with the way in (/code/student) and to the demo, then
 * what Kib is, the demo video in the reader's language, why use it, and the contact form with the
 * company's contact details.
 */
export function LandingPage() {
  const t = useT();
  const { language } = useLanguage();
  useDocumentTitle(t('landing.document-title'));
  return (
    <div className="landing">
      <section className="landing-hero" aria-labelledby="landing-hero-title">
        <div className="container landing-hero-grid">
          <div>
            <p className="landing-kicker">{t('landing.hero-kicker')}</p>
            <h1 id="landing-hero-title">{t('landing.hero-title')}</h1>
            <p className="landing-lead">{t('landing.hero-text')}</p>
            <div className="landing-actions">
              <Link className="button button-primary" to="/code/student">
                {t('landing.hero-start')}
              </Link>
              <Link className="button button-secondary" to="/demo/student">
                {t('landing.hero-demo')}
              </Link>
            </div>
          </div>
          {/* A picture of a solved step, drawn in HTML; the text beside it already says the same. */}
          <div className="landing-sample" aria-hidden="true">
            <p className="landing-sample-title">{t('landing.hero-sample-title')}</p>
            <p className="landing-sample-line">2x + 3 − 3 = 11 − 3</p>
            <p className="landing-sample-hint">{t('landing.hero-sample-hint')}</p>
            <p className="landing-sample-line">2x = 8</p>
            <p className="landing-sample-line landing-sample-correct">
              x = 4 <span>✓ {t('landing.hero-sample-correct')}</span>
            </p>
          </div>
        </div>
      </section>

      <section id={LANDING_SECTION_IDS.what} className="landing-section" aria-labelledby="landing-what-title">
        <div className="container">
          <h2 id="landing-what-title">{t('landing.what-title')}</h2>
          <p className="landing-section-text">{t('landing.what-text')}</p>
          <ul className="landing-features">
            {FEATURES.map((feature) => (
              <li key={feature} className="card">
                <h3>{t(`landing.what-${feature}-title`)}</h3>
                <p>{t(`landing.what-${feature}-text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        id={LANDING_SECTION_IDS.demo}
        className="landing-section landing-section-alt"
        aria-labelledby="landing-demo-title"
      >
        <div className="container landing-demo">
          <div>
            <h2 id="landing-demo-title">{t('landing.demo-title')}</h2>
            <p className="landing-section-text">{t('landing.demo-text')}</p>
            <Link className="button button-secondary" to="/demo/student">
              {t('landing.demo-try')}
            </Link>
          </div>
          <DemoVideo language={language} />
        </div>
      </section>

      <section id={LANDING_SECTION_IDS.why} className="landing-section" aria-labelledby="landing-why-title">
        <div className="container">
          <h2 id="landing-why-title">{t('landing.why-title')}</h2>
          <ul className="landing-audiences">
            {AUDIENCES.map(({ key, to }) => (
              <li key={key} className="card landing-audience">
                <h3>{t(`landing.why-${key}-title`)}</h3>
                <ul>
                  {[1, 2, 3].map((n) => (
                    <li key={n}>{t(`landing.why-${key}-${n}`)}</li>
                  ))}
                </ul>
                <Link to={to}>{t(`landing.why-${key}-link`)}</Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section
        id={LANDING_SECTION_IDS.contact}
        className="landing-section landing-section-alt"
        aria-labelledby="landing-contact-title"
      >
        <div className="container landing-contact">
          <div>
            <h2 id="landing-contact-title">{t('landing.contact-title')}</h2>
            <p className="landing-section-text">{t('landing.contact-text')}</p>
            <h3>{t('landing.contact-details')}</h3>
            <dl className="landing-contact-details">
              <dt>{t('landing.contact-email-label')}</dt>
              <dd>
                <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
              </dd>
              <dt>{t('landing.contact-phone-label')}</dt>
              <dd>
                <a href={`tel:${CONTACT_PHONE.dial}`}>{CONTACT_PHONE.display}</a>
              </dd>
            </dl>
          </div>
          <div className="card landing-contact-form">
            <h3>{t('landing.contact-form-title')}</h3>
            <ContactForm />
          </div>
        </div>
      </section>
    </div>
  );
}
