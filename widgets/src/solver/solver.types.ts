import type { Problem } from '@kib/core';
import type { Language } from '@kib/i18n';
import type { PhonePhotoCapability } from './parts/phone-photo.logic';
import type { SolverBackend } from './solver.backend';

/** What `onComplete` and the `kib-complete` event carry: the problem and its completed numerals. */
export interface SolverCompleteDetail {
  problemId: number;
  numeralIds: number[];
}

/** What `onNumeralComplete` carries after each completed numeral. */
export interface NumeralCompleteDetail {
  problemId: number;
  numeralId: number;
  recorded: boolean;
}

/**
 * The solver's props. Give `problem` (the full problem JSON: offline, checked in the browser), or
 * `problemId` with `apiBase` (and `token`) to solve against Kib's API, or a ready `backend`.
 */
export interface SolverProps {
  /** Offline: the problem with its math-type data (an object or its JSON text). */
  problem?: Problem | string | null;
  /** Online: the problem's id. */
  problemId?: number | null;
  /** The numeral to open at (adaptive practice chose it); absent: the first one not yet completed. */
  numeralId?: number | null;
  /** Online: the API's base URL, e.g. `https://kib.example/api/`. */
  apiBase?: string | null;
  /** Online: an access token (memory only; the refresh cookie renews it). */
  token?: string | null;
  /** A backend of one's own (the site passes its API client's). */
  backend?: SolverBackend;
  lang?: Language;
  /**
   * Where pictures are served from: a picture's key `k` (problem, question, hint, step, choice) is
   * shown from `${pictureBaseUrl}/${k}`; null or absent: not configured, only pictures that are
   * already addresses show.
   */
  pictureBaseUrl?: string | null;
  /**
   * Where videos are served from: `${videoBaseUrl}/${videoS3}` (the step's, the question's or the
   * problem's, the nearest first); null or absent: not configured, the video dialog says 'not available'.
   */
  videoBaseUrl?: string | null;
  /** The module's deadline has passed: answers are checked but not recorded (spec 01 "Deadlines"). */
  deadlinePassed?: boolean;
  /** A code-activity student (no account). */
  tempStudentId?: number | null;
  /** Sends a handwriting image to a recogniser and answers its response text (absent: no Convert). */
  recognizeHandwriting?: (image: File) => Promise<string>;
  /**
   * Lets the solver's phone send a photo of their work (a QR code on the problem page); absent: no
   * phone-photo button.
   */
  phonePhoto?: PhonePhotoCapability;
  /** Called once every numeral is complete. */
  onComplete?: (detail: SolverCompleteDetail) => void;
  /** Called after each completed numeral (spec 01: the stat is passed to the callback). */
  onNumeralComplete?: (detail: NumeralCompleteDetail) => void;
}
