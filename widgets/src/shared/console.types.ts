import type { Language } from '@kib/i18n';

/**
 * The props every answer console takes (spec 02 §3): the console data of its math type, the answer
 * (controlled), the feedback of the last check, and the language. A console never checks anything
 * itself: it reports each change of its answer through `onAnswer` and shows the feedback it is given.
 */
export interface ConsoleProps<Data, Answer, Feedback> {
  /** The console data of the numeral or step (public form); `null` when the math type has none. */
  data: Data;
  /** The current answer; `undefined` or `null` starts empty. A saved answer restores the console. */
  value?: Answer | null;
  /** Called with the whole answer shape after every change the student makes. */
  onAnswer?: (answer: Answer) => void;
  /** The checker's result for the last submitted answer; `null` hides the badge. */
  feedback?: Feedback | null;
  /** While true the console shows its answer but takes no input (a check in flight, a finished numeral). */
  disabled?: boolean;
  /** Interface language; Spanish by default. */
  lang?: Language;
  /** Accessible name of the console (the question it answers). */
  label?: string;
}
