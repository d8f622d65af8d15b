/**
 * A moment as the teacher types it: a day (`YYYY-MM-DD`, from a date input) and a time (`HH:mm`,
 * from a time input), both in the browser's time zone. Empty strings mean "not given".
 */
export interface LocalMoment {
  date: string;
  time: string;
}

/** No day and no time. */
export const NO_MOMENT: LocalMoment = { date: '', time: '' };

/** The time a publish date without a time takes: the start of its day. */
export const PUBLISH_DEFAULT_TIME = '00:00';
/** The time a deadline without a time takes: the last minute of its day. */
export const DEADLINE_DEFAULT_TIME = '23:59';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/** Is no day given? (A time alone means nothing.) */
export const isBlankMoment = (moment: LocalMoment) => moment.date === '';

/**
 * The instant a typed moment names, in ISO 8601 UTC (`2030-03-10T13:00:00.000Z`): the day and time
 * are read in the browser's time zone; a day without a time takes `defaultTime`. Null when no day is
 * given or the day or time is not a real one.
 */
export function momentToIso(moment: LocalMoment, defaultTime: string): string | null {
  if (isBlankMoment(moment) || !DATE.test(moment.date)) return null;
  const time = moment.time || defaultTime;
  if (!TIME.test(time)) return null;
  const [year, month, day] = moment.date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const local = new Date(year, month - 1, day, hour, minute);
  // 2030-02-31 rolls over to March: that is not the day the teacher typed.
  if (local.getFullYear() !== year || local.getMonth() !== month - 1 || local.getDate() !== day) return null;
  return local.toISOString();
}

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant (ISO 8601) as the day and time inputs show it in the browser's time zone. */
export function isoToMoment(iso: string | null): LocalMoment {
  if (!iso) return NO_MOMENT;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return NO_MOMENT;
  return {
    date: `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    time: `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  };
}
