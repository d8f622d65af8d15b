import type { PracticeNextAnswer, SkillMastery } from '@kib/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../app/api';
import { useLanguage, useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { errorMessage } from '../../ui/error-message';
import { LevelMeter } from '../../ui/level-meter';
import { Spinner } from '../../ui/spinner';

/** Where the student practises: a topic or a subtopic. */
export type PracticeScopeChoice = { topic: number } | { subtopic: number };

/**
 * "Practicar a tu nivel" for a topic or subtopic (issue 35): what Kib's model says the student
 * should practise next and why, each skill's mastery level in words and as a five-step meter (not
 * colour alone), and a link that opens the solver at the chosen numeral. It asks again whenever it
 * is shown, so coming back from the solver shows the levels the last answers moved.
 */
export function AdaptivePractice({
  scope,
  scopeName,
  from,
}: {
  scope: PracticeScopeChoice;
  scopeName: string;
  from: string;
}) {
  const t = useT();
  const { language } = useLanguage();
  const api = useApi();
  const headingId = useId();
  const next = useQuery({
    queryKey: ['practice-next', scope, language],
    queryFn: () => api.endpoints.practiceNext({ query: scope }),
  });

  return (
    <section className="adaptive-practice" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('student.adaptive-title', { scope: scopeName })}</h3>
      {next.isPending ? (
        <Spinner label={t('student.adaptive-loading')} />
      ) : next.isError ? (
        <Alert tone="danger">
          <p>
            {t('student.adaptive-failed')} {errorMessage(next.error, t)}
          </p>
        </Alert>
      ) : (
        <Choice answer={next.data} scopeName={scopeName} from={from} />
      )}
    </section>
  );
}

function Choice({
  answer,
  scopeName,
  from,
}: {
  answer: PracticeNextAnswer;
  scopeName: string;
  from: string;
}) {
  const t = useT();
  const link =
    answer.problemId !== null && answer.numeralId !== null
      ? `/student/solve?${new URLSearchParams({ problem: String(answer.problemId), numeral: String(answer.numeralId) })}`
      : null;
  return (
    <>
      <p className="adaptive-reason">{answer.reason}</p>
      {link ? (
        <p className="adaptive-actions">
          <Link className="button button-primary" to={link} state={{ from }}>
            {t('student.adaptive-start')}
          </Link>
          {answer.predictedSuccess !== null ? (
            <span className="adaptive-chance">
              {t('student.adaptive-chance', { percent: Math.round(answer.predictedSuccess * 100) })}
            </span>
          ) : null}
        </p>
      ) : null}
      {answer.scope.length > 0 ? (
        <ul className="adaptive-skills" aria-label={t('student.adaptive-skills', { scope: scopeName })}>
          {answer.scope.map((skill) => (
            <SkillLevel key={skill.id} skill={skill} />
          ))}
        </ul>
      ) : null}
      {answer.nextSkill ? (
        <p className="adaptive-next">{t('student.adaptive-next-skill', { skill: answer.nextSkill.name })}</p>
      ) : null}
    </>
  );
}

/** A skill's name, its level in words, and the level as filled steps of a meter. */
function SkillLevel({ skill }: { skill: SkillMastery }) {
  const t = useT();
  return (
    <li className={`adaptive-skill adaptive-skill--${skill.level}`}>
      <span className="adaptive-skill-name">{skill.name}</span>
      <span className="adaptive-skill-level">
        <LevelMeter level={skill.level} />
        {t(`practice.levels.${skill.level}`)}
      </span>
    </li>
  );
}
