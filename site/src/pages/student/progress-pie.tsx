import { progressPercent } from '@kib/core';
import { useId } from 'react';
import { useT } from '../../i18n/language';

/** How many questions are solved, attempted and not yet attempted. */
export interface PieCounts {
  /** Completed numerals. */
  solved: number;
  /** Numerals tried but not completed. */
  attempted: number;
  /** Numerals never tried. */
  notAttempted: number;
}

/**
 * The categories in drawing order. Each colour has at least 4.5:1 against the white page and the white
 * lines between slices (WCAG 1.4.11 asks 3:1); the legend's text carries the numbers anyway.
 */
const SLICES = [
  { key: 'solved', label: 'student.pie-solved', colour: '#146c30' },
  { key: 'attempted', label: 'student.pie-attempted', colour: '#a35200' },
  { key: 'notAttempted', label: 'student.pie-not-attempted', colour: '#6b6b78' },
] as const;

/** A point on the circle of radius `r` around (50, 50), `turn` of a full turn from 12 o'clock clockwise. */
function point(turn: number, r: number): string {
  const angle = 2 * Math.PI * turn - Math.PI / 2;
  return `${(50 + r * Math.cos(angle)).toFixed(3)} ${(50 + r * Math.sin(angle)).toFixed(3)}`;
}

/** The SVG path of a slice from `start` to `end` (fractions of a turn). */
function slicePath(start: number, end: number, r: number): string {
  const large = end - start > 0.5 ? 1 : 0;
  return `M 50 50 L ${point(start, r)} A ${r} ${r} 0 ${large} 1 ${point(end, r)} Z`;
}

/**
 * A pie chart of Solved / Attempted / Not attempted (spec 03 §9) drawn in plain SVG, with a visible
 * legend giving each count and rounded percentage. The drawing is an image whose name says the same
 * as the legend, so nothing depends on seeing colours.
 */
export function ProgressPie({ counts, title }: { counts: PieCounts; title: string }) {
  const t = useT();
  const titleId = useId();
  const total = counts.solved + counts.attempted + counts.notAttempted;
  const rows = SLICES.map((slice) => ({
    ...slice,
    count: counts[slice.key],
    percent: progressPercent(counts[slice.key], total),
  }));
  const radius = 48;
  let start = 0;
  const drawn = rows
    .filter((row) => row.count > 0)
    .map((row) => {
      const end = start + row.count / total;
      const shape =
        row.count === total ? (
          <circle key={row.key} cx="50" cy="50" r={radius} fill={row.colour} />
        ) : (
          <path
            key={row.key}
            d={slicePath(start, end, radius)}
            fill={row.colour}
            stroke="#fff"
            strokeWidth="1.5"
          />
        );
      start = end;
      return shape;
    });
  return (
    <figure className="progress-pie" aria-labelledby={titleId}>
      <figcaption id={titleId} className="progress-pie-title">
        {title}
      </figcaption>
      {total === 0 ? (
        <p className="progress-pie-empty">{t('student.pie-empty')}</p>
      ) : (
        <div className="progress-pie-body">
          <svg
            className="progress-pie-chart"
            viewBox="0 0 100 100"
            role="img"
            aria-label={t('student.pie-alt', {
              solved: counts.solved,
              attempted: counts.attempted,
              notAttempted: counts.notAttempted,
              total,
            })}
          >
            {drawn}
          </svg>
          <ul className="progress-pie-legend">
            {rows.map((row) => (
              <li key={row.key}>
                <span className="progress-pie-swatch" style={{ background: row.colour }} aria-hidden="true" />
                {t('student.pie-legend-item', {
                  label: t(row.label),
                  count: row.count,
                  percent: row.percent,
                })}
              </li>
            ))}
            <li className="progress-pie-total">{t('student.pie-total', { total })}</li>
          </ul>
        </div>
      )}
    </figure>
  );
}
