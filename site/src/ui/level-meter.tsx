import { MASTERY_LEVELS, type MasteryLevel } from '@kib/core';

/**
 * A mastery level as a shape: four steps, as many filled as the level is above "not started"
 * (site.css `.adaptive-meter`). Hidden from screen readers, which read the level's name beside it.
 */
export function LevelMeter({ level }: { level: MasteryLevel }) {
  const rank = MASTERY_LEVELS.indexOf(level);
  return (
    <span className="adaptive-meter" aria-hidden="true">
      {MASTERY_LEVELS.slice(1).map((step, i) => (
        <span key={step} className={i < rank ? 'is-filled' : undefined} />
      ))}
    </span>
  );
}
