/** The calculator panel of the problem page. */
export { Calculator } from './calculator';
/** Props of the calculator panel. */
export type { CalculatorProps } from './calculator';
/** The calculator's evaluator and reducer, usable without React. */
export {
  CALCULATOR_DECIMALS,
  CALCULATOR_MAX_LENGTH,
  calculatorReducer,
  evaluate,
  formatResult,
  resultToLatex,
} from './calculator.logic';
/** Angle mode, evaluation result and reducer types of the calculator. */
export type { AngleMode, CalculatorAction, CalculatorState, Evaluation } from './calculator.logic';

/** The handwriting pad, and its PNG export. */
export { HandwritingPad, canvasToPng } from './handwriting-pad';
/** Props and mode of the handwriting pad. */
export type { HandwritingMode, HandwritingPadProps } from './handwriting-pad';
/** Reading the recognition service's response, and the image's file name. */
export { HANDWRITING_FILE_NAME, readRecognition } from './handwriting-pad.logic';

/** The video dialog and the address it plays. */
export { VideoModal, videoUrl } from './video-modal';
/** Props of the video dialog. */
export type { VideoModalProps } from './video-modal';

/** The finished-question and finished-exercise banners. */
export { ExerciseFinishedBanner, QuestionFinishedBanner } from './finished-banners';
/** Props of the banners. */
export type { ExerciseFinishedBannerProps, QuestionFinishedBannerProps } from './finished-banners';

/** The finish and 'next question' dialogs. */
export { FinishDialog, NextQuestionDialog } from './result-dialogs';
/** Props of the finish and 'next question' dialogs. */
export type { FinishDialogProps, NextQuestionDialogProps } from './result-dialogs';

/** A content picture that is left out when it does not load. */
export { Picture } from './picture';
/** Props of the content picture. */
export type { PictureProps } from './picture';

/** A step as a collapsible row. */
export { StepView } from './step-view';
/** Props of the step row and the step fields it reads. */
export type { StepViewProps, StepViewStep } from './step-view';

/** The scroll-down caret. */
export { ScrollCaret } from './scroll-caret';
/** Props of the scroll-down caret. */
export type { ScrollCaretDestination, ScrollCaretProps } from './scroll-caret';
/** The scroll ratio the caret reads, and its threshold. */
export { SCROLL_CARET_THRESHOLD, scrollRatio, showsScrollCaret } from './scroll-ratio';

/** Time spent per numeral, for the attempt's totalTime. */
export { TIME_TRACKER_MAX_INTERVALS, TimeTracker } from './time-tracker';
/** The tracker's intervals and stored form. */
export type { TimeInterval, TimeTrackerData } from './time-tracker';

/** Drives a native modal `<dialog>` from an `open` prop. */
export { useModalDialog } from './use-modal-dialog';

/** The phone-photo dialog, its socket's address and the capability a page passes the solver. */
export { PhonePhotoDialog } from './phone-photo-dialog';
export { phonePhotoSocketUrl } from './phone-photo-socket';
/** Props of the phone-photo dialog. */
export type { PhonePhotoDialogProps } from './phone-photo-dialog';
/** The phone-photo dialog's state, without React. */
export {
  parsePhonePhotoMessage,
  PHONE_PHOTO_INITIAL,
  phonePhotoReducer,
  reasonKey,
} from './phone-photo.logic';
/** What a page passes to offer the phone photo, and the dialog's state. */
export type {
  PhonePhotoAction,
  PhonePhotoCapability,
  PhonePhotoResult,
  PhonePhotoState,
} from './phone-photo.logic';
