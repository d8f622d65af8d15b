import type {
  AuthoringCheck,
  CreatorProblemAnswer,
  CreatorProblemsAnswer,
  CreatorProblemsQuery,
  DeleteProblemAnswer,
  MediaKind,
  ProblemDraft,
  ProblemSkill,
  SaveProblemAnswer,
  SaveProblemRequest,
} from '@kib/core';
import type { Sequelize } from 'sequelize';
import type { Principal } from '../http/access';
import { AppError, type Message } from '../http/errors';
import type { UploadedFile } from '../http/multipart';
import type { Logger } from '../logger';
import type { MediaRepository } from '../media/media.repository';
import type { MediaService, StoredFile } from '../media/media.service';
import { authoringChecks } from './authoring-checks';
import { fileKeysOf, type CreationRepository, type EditAccess } from './creation.repository';

/** How the creation service is made. */
export interface CreationServiceDeps {
  sequelize: Sequelize;
  repo: CreationRepository;
  media: MediaService;
  mediaRepo: MediaRepository;
  logger: Logger;
}

/** One file field of a draft: where it is, the key it holds, and the kind of file it takes. */
interface FileSlot {
  path: string;
  key: string | null;
  kind: MediaKind;
}

/** Every file field of a draft, by its wire path. */
function fileSlots(draft: ProblemDraft): FileSlot[] {
  const slots: FileSlot[] = [
    { path: 'state.picture', key: draft.picture, kind: 'picture' },
    { path: 'state.video_s3', key: draft.videoS3, kind: 'video' },
  ];
  draft.numerals.forEach((n, i) => {
    const at = `state.numerals.${i}`;
    slots.push(
      { path: `${at}.picture`, key: n.picture, kind: 'picture' },
      { path: `${at}.hint_picture`, key: n.hintPicture, kind: 'picture' },
      { path: `${at}.video_s3`, key: n.videoS3, kind: 'video' },
    );
    n.choices.forEach((c, k) =>
      slots.push({ path: `${at}.choices.${k}.picture`, key: c.picture, kind: 'picture' }),
    );
    n.steps.forEach((s, j) => {
      const st = `${at}.steps.${j}`;
      slots.push(
        { path: `${st}.picture`, key: s.picture, kind: 'picture' },
        { path: `${st}.video_s3`, key: s.videoS3, kind: 'video' },
      );
      s.choices.forEach((c, k) =>
        slots.push({ path: `${st}.choices.${k}.picture`, key: c.picture, kind: 'picture' }),
      );
    });
  });
  return slots;
}

/** Where an uploaded file goes in the draft: a setter of the item's field. */
type FileTarget = (key: string) => void;

/**
 * The creator area: the problem table, a problem opened for editing, saving a draft with its files
 * and authoring checks, clone and delete. Who may change a problem is decided here: its author, a
 * coauthor, or an account that may edit any problem; anyone else gets 404.
 */
export class CreationService {
  constructor(private readonly deps: CreationServiceDeps) {}

  private async mayEdit(principal: Principal, access: EditAccess | null): Promise<boolean> {
    if (!access) return false;
    if (access.authorId === principal.userId || access.coauthorIds.includes(principal.userId)) return true;
    return this.deps.repo.canEditAny(principal.userId);
  }

  private static reviews(principal: Principal): boolean {
    return principal.groups.includes('Supervisors') || principal.groups.includes('Platform Admin');
  }

  async table(principal: Principal, query: CreatorProblemsQuery): Promise<CreatorProblemsAnswer> {
    const canEditAny = await this.deps.repo.canEditAny(principal.userId);
    const { rows, total } = await this.deps.repo.table(
      { userId: principal.userId, canEditAny, seesAll: CreationService.reviews(principal) },
      query,
    );
    return { problems: rows, total, page: query.page, pageSize: query.pageSize };
  }

  /** A problem for its editors, and for supervisors (read only); 404 for anyone else. */
  async get(principal: Principal, problemId: number): Promise<CreatorProblemAnswer> {
    const access = await this.deps.repo.editAccess(problemId);
    const canEdit = await this.mayEdit(principal, access);
    if (!access || (!canEdit && !CreationService.reviews(principal))) throw AppError.notFound();
    const loaded = await this.deps.repo.loadDraft(problemId);
    if (!loaded) throw AppError.notFound();
    return {
      problem: loaded.problem,
      canEdit,
      authorId: loaded.authorId,
      authorName: loaded.authorName,
      modules: loaded.modules,
      updatedAt: loaded.updatedAt.toISOString(),
      skills: loaded.skills,
      // A reviewer reads what the checks hold of each answer; the author hears it on every save.
      checks: CreationService.reviews(principal) ? authoringChecks(loaded.problem) : null,
    };
  }

  /**
   * Saves a draft with its new files in one transaction (spec 02 §4 "Creation flow"), after the
   * authoring checks: a draft asked to be published is published only when every check passes.
   * Files stored for a save that fails are removed again; files no row names any more go too.
   */
  async save(
    principal: Principal,
    request: SaveProblemRequest,
    files: UploadedFile[],
  ): Promise<SaveProblemAnswer> {
    const draft = structuredClone(request.state) as ProblemDraft;
    let before: string[] = [];
    if (draft.id !== null) {
      const access = await this.deps.repo.editAccess(draft.id);
      if (!(await this.mayEdit(principal, access))) throw AppError.notFound();
      before = fileKeysOf((await this.deps.repo.loadDraft(draft.id))?.problem ?? draft);
    }
    this.refuseRepeatedKeys(draft);
    const references = await this.deps.repo.checkReferences(draft);
    if (Object.keys(references).length > 0)
      throw AppError.badRequest(
        Object.fromEntries(Object.entries(references).map(([k, v]) => [k, [{ key: v }]])),
      );
    const targets = this.pairFiles(draft, files);

    const known = new Set(before);
    const fresh = fileSlots(draft).filter(
      (s): s is FileSlot & { key: string } => s.key !== null && !known.has(s.key),
    );
    const keyErrors = await this.deps.media.checkNewKeys(fresh);
    if (Object.keys(keyErrors).length > 0) throw AppError.badRequest(keyErrors);

    const checks: AuthoringCheck[] = authoringChecks(draft);
    const published = draft.publishProblem && draft.numerals.length > 0 && checks.every((c) => c.ok);

    const stored: StoredFile[] = await this.deps.media.storeUploads(files);
    let problemId: number;
    let saved: ProblemDraft;
    let skills: ProblemSkill[];
    try {
      stored.forEach((file, i) => targets[i]!(file.key));
      const result = await this.deps.sequelize.transaction(async (transaction) => {
        for (const file of stored)
          await this.deps.mediaRepo.insert({ ...file, createdBy: principal.userId }, transaction);
        const id = await this.deps.repo.saveDraft(
          { ...draft, publishProblem: published },
          principal.userId,
          transaction,
        );
        if (request.editingSeconds > 0)
          await this.deps.repo.recordEditingTime(principal.userId, id, request.editingSeconds, transaction);
        const loaded = await this.deps.repo.loadDraft(id, transaction);
        return { id, problem: loaded!.problem, skills: loaded!.skills };
      });
      problemId = result.id;
      saved = result.problem;
      skills = result.skills;
    } catch (err) {
      await this.deps.media.deleteStored(stored.map((s) => s.key));
      throw err;
    }
    const after = new Set(fileKeysOf(saved));
    await this.deps.media
      .releaseUnreferenced(before.filter((k) => !after.has(k)))
      .catch((err: unknown) => this.deps.logger.error({ err, problemId }, 'releasing replaced files failed'));

    const uploaded = (kind: MediaKind) =>
      files
        .filter((f) => f.kind === kind)
        .map((f) => ({
          type: f.formdata.type,
          id: f.formdata.type === 'problem' ? String(problemId) : f.formdata.id,
          name: stored.find((s) => s.field === f.field)!.key,
        }));
    return {
      problemId,
      problem: saved,
      uploadedPics: uploaded('picture'),
      uploadedVideos: uploaded('video'),
      checks,
      published,
      skills,
    };
  }

  /** Every numeral, step and choice key of a draft names one item only (files are paired by it). */
  private refuseRepeatedKeys(draft: ProblemDraft): void {
    const seen = new Set<string>();
    const errors: Record<string, Message[]> = {};
    const see = (key: string, path: string) => {
      if (seen.has(key)) errors[path] = [{ key: 'validation.draft-key-twice' }];
      seen.add(key);
    };
    draft.numerals.forEach((n, i) => {
      see(n.key, `state.numerals.${i}.key`);
      n.choices.forEach((c, k) => see(c.key, `state.numerals.${i}.choices.${k}.key`));
      n.steps.forEach((s, j) => {
        see(s.key, `state.numerals.${i}.steps.${j}.key`);
        s.choices.forEach((c, k) => see(c.key, `state.numerals.${i}.steps.${j}.choices.${k}.key`));
      });
    });
    if (Object.keys(errors).length > 0) throw AppError.badRequest(errors);
  }

  /**
   * Where each uploaded file goes, by its formdata: the problem, a numeral (its picture, video, or
   * `hint` picture), a step or a choice, named by the item's draft key. A video goes only to a
   * problem, numeral or step. Answers one setter per file, in order.
   */
  private pairFiles(draft: ProblemDraft, files: UploadedFile[]): FileTarget[] {
    const errors: Record<string, Message[]> = {};
    const targets: FileTarget[] = [];
    for (const file of files) {
      const { type, id } = file.formdata;
      const video = file.kind === 'video';
      const at = `formdata_${file.index}`;
      let target: FileTarget | undefined;
      if (video && (type === 'hint' || type === 'choice')) {
        errors[at] = [{ key: 'validation.file-target-video' }];
        targets.push(() => undefined);
        continue;
      }
      if (type === 'problem') target = video ? (k) => (draft.videoS3 = k) : (k) => (draft.picture = k);
      for (const n of draft.numerals) {
        if (target) break;
        if ((type === 'numeral' || type === 'hint') && n.key === id)
          target =
            type === 'hint'
              ? (k) => (n.hintPicture = k)
              : video
                ? (k) => (n.videoS3 = k)
                : (k) => (n.picture = k);
        const choice = type === 'choice' ? n.choices.find((c) => c.key === id) : undefined;
        if (choice) target = (k) => (choice.picture = k);
        for (const s of n.steps) {
          if (target) break;
          if (type === 'step' && s.key === id)
            target = video ? (k) => (s.videoS3 = k) : (k) => (s.picture = k);
          const stepChoice = type === 'choice' ? s.choices.find((c) => c.key === id) : undefined;
          if (stepChoice) target = (k) => (stepChoice.picture = k);
        }
      }
      if (!target) errors[`${at}.id`] = [{ key: 'validation.file-target-unknown', params: { type, id } }];
      targets.push(target ?? (() => undefined));
    }
    if (Object.keys(errors).length > 0) throw AppError.badRequest(errors);
    return targets;
  }

  /** Copies a problem the caller may edit (404 otherwise). */
  async clone(principal: Principal, problemId: number): Promise<number> {
    if (!(await this.mayEdit(principal, await this.deps.repo.editAccess(problemId))))
      throw AppError.notFound();
    return this.deps.sequelize.transaction((transaction) =>
      this.deps.repo.clone(problemId, principal.userId, transaction),
    );
  }

  /** Deletes a problem the caller may edit, or unpublishes it when a module or students' results hold it. */
  async delete(principal: Principal, problemId: number): Promise<DeleteProblemAnswer> {
    if (!(await this.mayEdit(principal, await this.deps.repo.editAccess(problemId))))
      throw AppError.notFound();
    const loaded = await this.deps.repo.loadDraft(problemId);
    const outcome = await this.deps.sequelize.transaction(async (transaction) => {
      if (await this.deps.repo.isHeld(problemId, transaction)) {
        await this.deps.repo.unpublish(problemId, transaction);
        return 'unpublished' as const;
      }
      await this.deps.repo.destroy(problemId, transaction);
      return 'deleted' as const;
    });
    if (outcome === 'deleted' && loaded)
      await this.deps.media
        .releaseUnreferenced(fileKeysOf(loaded.problem))
        .catch((err: unknown) =>
          this.deps.logger.error({ err, problemId }, 'releasing a deleted problem’s files failed'),
        );
    return { outcome };
  }
}
