import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/** One period of the chart, labelled. */
export interface ChartRow {
  label: string;
  problems: number;
  numerals: number;
  steps: number;
  attempts: number;
}

/** Props of {@link StatsChartDrawing}. */
export interface StatsChartDrawingProps {
  rows: readonly ChartRow[];
  /** The series' names in the reader's language. */
  names: Record<'problems' | 'numerals' | 'steps' | 'attempts', string>;
  /** What the chart shows, in a sentence: the svg's accessible name. */
  summary: string;
}

const COLOURS = { problems: '#c2185b', numerals: '#6a3fb5', steps: '#00897b', attempts: '#b26a00' };

/**
 * The creator statistics chart, drawn with recharts (a module of its own, loaded with the page's
 * data): problems, numerals and steps created per period as bars, students' attempts as a line on
 * a second axis. The svg is one image named by `summary`; the page shows the same numbers as a table.
 */
export default function StatsChartDrawing({ rows, names, summary }: StatsChartDrawingProps) {
  return (
    <ResponsiveContainer width="100%" height={280} minWidth={0}>
      <ComposedChart
        data={[...rows]}
        role="img"
        aria-label={summary}
        accessibilityLayer={false}
        margin={{ top: 8, right: 0, bottom: 0, left: 0 }}
      >
        <CartesianGrid vertical={false} stroke="#ddd" />
        <XAxis dataKey="label" tickLine={false} minTickGap={8} />
        <YAxis yAxisId="authored" allowDecimals={false} width={36} />
        <YAxis yAxisId="attempts" orientation="right" allowDecimals={false} width={40} />
        <Tooltip formatter={(value, name) => [String(value), String(name)]} />
        <Legend />
        {(['problems', 'numerals', 'steps'] as const).map((key) => (
          <Bar
            key={key}
            yAxisId="authored"
            dataKey={key}
            name={names[key]}
            fill={COLOURS[key]}
            maxBarSize={18}
            isAnimationActive={false}
          />
        ))}
        <Line
          yAxisId="attempts"
          dataKey="attempts"
          name={names.attempts}
          type="monotone"
          stroke={COLOURS.attempts}
          strokeWidth={2.5}
          dot={false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
