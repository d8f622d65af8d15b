import type { CustomFeedback, MultipleChoiceAnswer, PublicChoice } from '@kib/core';
import type { ConsoleProps } from '../shared/console.types';

/**
 * The console data of a multipleChoice numeral or step: its choices as a browser sees them (no
 * `correct` flag) and whether more than one may be selected (spec 02 §4).
 */
export interface ChoiceConsoleData {
  choices: PublicChoice[];
  multipleSelection: boolean;
}

/** Props of the multiple-choice console. */
export interface ChoiceConsoleProps extends ConsoleProps<
  ChoiceConsoleData,
  MultipleChoiceAnswer,
  CustomFeedback
> {
  /**
   * Where the pictures of choices whose `picture` is a storage key are served from (e.g.
   * `/api/pictures/`); a `picture` that is already an address is used as it is.
   */
  pictureBase?: string;
}
