import type { WeekActivity } from '@kib/core';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type XAxisTickContentProps,
} from 'recharts';
import type { Translate } from '../shared/i18n';
import { weekLabel, weeklySummaryText } from './dashboard.logic';

/** The series colours, matching the theme's defaults (the CSS repaints them from the theme). */
const ATTEMPTS_COLOUR = '#6a3fb5';
const STUDENTS_COLOUR = '#c2185b';

/** A week's axis label on two lines (`Sem.` over `47`), so eight weeks fit a narrow card. */
function WeekTick({ x, y, payload }: XAxisTickContentProps) {
  const label = String(payload.value);
  const space = label.lastIndexOf(' ');
  const [top, bottom] = space > 0 ? [label.slice(0, space), label.slice(space + 1)] : [label, ''];
  return (
    <text x={x} y={y} dy="0.9em" textAnchor="middle" className="kib-db-chart-tick">
      <tspan x={x}>{top}</tspan>
      {bottom && (
        <tspan x={x} dy="1.15em">
          {bottom}
        </tspan>
      )}
    </text>
  );
}

/** Props of {@link WeeklyChartDrawing}. */
export interface WeeklyChartDrawingProps {
  t: Translate;
  weeks: readonly WeekActivity[];
  withActiveStudents: boolean;
  /** Height in CSS pixels; the width follows the container. */
  height: number;
}

/**
 * The weekly chart's drawing with recharts (a module of its own, loaded after the dashboard so
 * that its tables show at once): answers as bars, active students as a line on a second axis, the
 * whole svg one image named by the chart's summary.
 */
export default function WeeklyChartDrawing({
  t,
  weeks,
  withActiveStudents,
  height,
}: WeeklyChartDrawingProps) {
  const rows = weeks.map((week) => ({
    label: weekLabel(t, week.week),
    attempts: week.attempts,
    activeStudents: week.activeStudents,
  }));
  const attemptsName = t('common.dashboard.attempts-series');
  const studentsName = t('common.dashboard.active-students-series');
  return (
    <ResponsiveContainer width="100%" height={height} minWidth={0}>
      <ComposedChart
        data={rows}
        role="img"
        aria-label={weeklySummaryText(t, weeks, withActiveStudents)}
        accessibilityLayer={false}
        margin={{ top: 8, right: withActiveStudents ? 0 : 8, bottom: 0, left: 0 }}
      >
        <CartesianGrid vertical={false} className="kib-db-chart-grid" />
        <XAxis dataKey="label" tickLine={false} interval={0} height={36} tick={WeekTick} />
        <YAxis yAxisId="attempts" allowDecimals={false} width={40} />
        {withActiveStudents && (
          <YAxis yAxisId="students" orientation="right" allowDecimals={false} width={32} />
        )}
        <Tooltip
          cursor={{ fill: 'rgba(0, 0, 0, 0.06)' }}
          formatter={(value, name) => [String(value), String(name)]}
        />
        <Bar
          yAxisId="attempts"
          dataKey="attempts"
          name={attemptsName}
          className="kib-db-chart-bar"
          fill={ATTEMPTS_COLOUR}
          radius={[3, 3, 0, 0]}
          maxBarSize={40}
          animationDuration={500}
        />
        {withActiveStudents && (
          <Line
            yAxisId="students"
            dataKey="activeStudents"
            name={studentsName}
            className="kib-db-chart-line"
            type="monotone"
            stroke={STUDENTS_COLOUR}
            strokeWidth={2.5}
            dot={{ r: 3.5, fill: STUDENTS_COLOUR }}
            animationDuration={500}
          />
        )}
      </ComposedChart>
    </ResponsiveContainer>
  );
}
