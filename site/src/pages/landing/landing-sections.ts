/**
 * The ids of the landing's sections (spec 01 §2: #whatIsKib, #Demo, #whyKib, #contact). They are the
 * spec's and are linked from outside, so they never change with the language.
 */
export const LANDING_SECTION_IDS = {
  what: 'whatIsKib',
  demo: 'Demo',
  why: 'whyKib',
  contact: 'contact',
} as const;

/** The landing navigation's anchors, in page order, with the key of each one's text. */
export const LANDING_SECTIONS = [
  { id: LANDING_SECTION_IDS.what, label: 'landing.nav-what' },
  { id: LANDING_SECTION_IDS.demo, label: 'landing.nav-demo' },
  { id: LANDING_SECTION_IDS.why, label: 'landing.nav-why' },
  { id: LANDING_SECTION_IDS.contact, label: 'landing.nav-contact' },
] as const;
