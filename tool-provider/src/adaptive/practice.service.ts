import {
  atTime,
  masteryLevel,
  NEW_SKILL,
  typicalSuccess,
  uncertainty,
  type ClassroomMastery,
  type PracticeNextAnswer,
  type PracticeNextQuery,
  type SkillMastery,
  type SkillState,
} from '@kib/core';
import { translate, type Language } from '@kib/i18n';
import { AppError } from '../http/errors';
import { choosePractice, typicalDifficulties, type Candidate } from './policy';
import type { NamedSkill, PracticeRepository, PracticeScope } from './practice.repository';

/** Adaptive practice (issue 35): what a student practises next, and why. */
export class PracticeService {
  constructor(
    private readonly repository: PracticeRepository,
    private readonly deps: {
      /** Refuses a teacher without a subscription, as every teacher's result does. */
      requireSubscription: (teacherId: number) => Promise<void>;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /**
   * GET classrooms/{id}/mastery/: one of the teacher's classrooms (another's is 404), its students,
   * the skills its assignments train, and each student's level, estimate and uncertainty per skill.
   */
  async classroomMastery(
    teacherId: number,
    classroomId: number,
    language: Language,
  ): Promise<ClassroomMastery> {
    const [, classroom] = await Promise.all([
      this.deps.requireSubscription(teacherId),
      this.repository.ownClassroom(teacherId, classroomId),
    ]);
    if (!classroom) throw AppError.notFound();
    const [students, skills] = await Promise.all([
      this.repository.classroomStudents(classroomId),
      this.repository.classroomSkills(classroomId, language),
    ]);
    const models = await this.repository.models(
      students.map((s) => s.id),
      skills.map((s) => s.id),
    );
    const now = this.now();
    const difficulty = new Map(skills.map((s) => [s.id, s.difficulty]));
    return {
      classroom,
      students,
      skills: skills.map(({ id, name, grade }) => ({ id, name, grade })),
      cells: models.map(({ studentId, skillId, ...state }) => {
        const view = masteryOf(undefined, skillId, state, now, difficulty.get(skillId) ?? 0);
        return {
          studentId,
          skillId,
          level: view.level,
          estimate: view.estimate,
          uncertainty: view.uncertainty,
          lastEvidenceAt: new Date(state.lastEvidenceAt ?? now).toISOString(),
        };
      }),
    };
  }

  /** The next numeral for a student to practise in a topic, subtopic or skill (404 for an unknown one). */
  async next(userId: number, query: PracticeNextQuery, language: Language): Promise<PracticeNextAnswer> {
    const scope = scopeOf(query);
    if (!(await this.repository.scopeExists(scope))) throw AppError.notFound();
    const candidates = await this.repository.candidates(userId, scope);
    const scopeSkills = 'skill' in scope ? [scope.skill] : unique(candidates.flatMap((c) => c.skills));
    const skills = await this.repository.skills(scopeSkills, language, true);
    const neighbours = skills.map((s) => s.id).filter((id) => !scopeSkills.includes(id));
    const [related, states, lastNumeralId] = await Promise.all([
      this.related(userId, neighbours, candidates),
      this.repository.states(
        userId,
        skills.map((s) => s.id),
      ),
      this.repository.lastNumeral(userId),
    ]);
    const now = this.now();
    const choice = choosePractice({
      scope: scopeSkills,
      skills: new Map(skills.map((s) => [s.id, s])),
      states,
      candidates,
      related,
      lastNumeralId,
      now,
    });
    const byId = new Map(skills.map((s) => [s.id, s]));
    const typical = typicalDifficulties([...candidates, ...related]);
    const view = (id: number) =>
      masteryOf(byId.get(id), id, states.get(id) ?? NEW_SKILL, now, typical.get(id) ?? 0);
    const name = (id: number | null) => (id === null ? '' : (byId.get(id)?.name ?? ''));
    const { reason } = choice;
    const t = (key: string, params: Record<string, unknown>) =>
      translate(language, `practice.reason.${key}`, params);
    return {
      status: choice.status,
      problemId: choice.candidate?.problemId ?? null,
      numeralId: choice.candidate?.numeralId ?? null,
      predictedSuccess: choice.predicted === null ? null : round(choice.predicted, 3),
      skills: (choice.candidate?.skills ?? []).map(view),
      reason: t(reason.key, {
        skill: name(reason.skill),
        prerequisite: name(reason.other),
        next: name(reason.other),
        count: reason.days,
        percent: Math.round((choice.predicted ?? 0) * 100),
      }),
      scope: [...scopeSkills].sort((a, b) => orderOf(byId.get(a)) - orderOf(byId.get(b)) || a - b).map(view),
      nextSkill: choice.nextSkill === null ? null : view(choice.nextSkill),
    };
  }

  /** The numerals outside the scope that train its neighbours (prerequisites, skills after it). */
  private async related(userId: number, skillIds: number[], inScope: Candidate[]): Promise<Candidate[]> {
    const seen = new Set(inScope.map((c) => c.numeralId));
    return (await this.repository.training(userId, skillIds)).filter((c) => !seen.has(c.numeralId));
  }
}

function scopeOf(query: PracticeNextQuery): PracticeScope {
  if (query.topic !== undefined) return { topic: query.topic };
  if (query.subtopic !== undefined) return { subtopic: query.subtopic };
  return { skill: query.skill! };
}

/** A skill's mastery as a student sees it, against the typical difficulty of its numerals. */
export function masteryOf(
  skill: NamedSkill | undefined,
  id: number,
  state: SkillState,
  now: Date,
  difficulty: number,
): SkillMastery {
  return {
    id,
    name: skill?.name ?? '',
    level: masteryLevel(state, now, difficulty),
    estimate: round(typicalSuccess(state, now, difficulty), 3),
    uncertainty: round(uncertainty(atTime(state, now).evidence), 3),
  };
}

function orderOf(skill: NamedSkill | undefined): number {
  return (skill?.grade ?? 99) * 1000 + (skill?.position ?? 0);
}

function unique(ids: number[]): number[] {
  return [...new Set(ids)];
}

function round(x: number, digits: number): number {
  const k = 10 ** digits;
  return Math.round(x * k) / k;
}
