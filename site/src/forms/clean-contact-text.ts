import type { ContactMessage } from '@kib/core';

/**
 * Code words taken out of contact texts (spec 01 §5: import, def, class, from, os, sys, eval, exec,
 * open, file, subprocess, compile, lambda, print and similar). Only the ones that run or load code:
 * ordinary words such as "input" or "system" stay, so a message about a school system keeps its sense.
 */
export const CONTACT_CODE_KEYWORDS: readonly string[] = [
  'import',
  '__import__',
  'def',
  'class',
  'from',
  'os',
  'sys',
  'eval',
  'exec',
  'execfile',
  'open',
  'file',
  'subprocess',
  'compile',
  'lambda',
  'print',
  'globals',
  'getattr',
  'setattr',
  '__builtins__',
  'builtins',
  'shutil',
  'pickle',
  'popen',
];

/** Elements whose content is code or styling, never prose: dropped with what they hold. */
const CODE_ELEMENTS = /<(script|style|iframe|object|template|noscript)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
/** An element that opens and never closes swallows the rest, as a browser would. */
const UNCLOSED_CODE_ELEMENT = /<(script|style|iframe|object|template|noscript)\b[\s\S]*$/i;
const COMMENTS = /<!--[\s\S]*?(-->|$)/g;
/** Tags, doctypes and processing instructions; a lone "<" as in "3 < 5" is text, not a tag. */
const TAGS = /<\/?[a-z!?][^<>]*>/gi;

/*
 * Whole words in any script: JavaScript's \b only knows ASCII, so "ríos" would lose its "os" after
 * the accented "í". Letters, digits and the underscore count as word characters.
 */
const KEYWORDS = new RegExp(
  `(?<![\\p{L}\\p{N}_])(?:${CONTACT_CODE_KEYWORDS.join('|')})(?![\\p{L}\\p{N}_])`,
  'giu',
);

/** `text` without HTML: code elements dropped with their content, other tags dropped, text kept. */
export function stripMarkup(text: string): string {
  return text
    .replace(CODE_ELEMENTS, '')
    .replace(UNCLOSED_CODE_ELEMENT, '')
    .replace(COMMENTS, ' ')
    .replace(TAGS, ' ');
}

/** Spaces left where something was removed: runs become one space, lines lose their edges. */
function tidy(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A contact text as it is sent (spec 01 §5): HTML and script tags removed, code keywords removed as
 * whole words in any letter case, the spaces left behind tidied. Paragraph breaks are kept.
 */
export function cleanContactText(text: string): string {
  return tidy(stripMarkup(text.replace(/\r\n?/g, '\n')).replace(KEYWORDS, ''));
}

/**
 * The contact form as it is sent: name and message fully cleaned. The e-mail only loses markup: an
 * address cannot run code, and dropping a word from it (`open@school.co`) would send the reply nowhere.
 */
export function cleanContactMessage(message: ContactMessage): ContactMessage {
  return {
    name: cleanContactText(message.name),
    email: tidy(stripMarkup(message.email)),
    message: cleanContactText(message.message),
  };
}
