import { API, CREATOR_DRAFT_NAME, type CreatorDraftAnswer } from '@kib/core';
import { QueryTypes, type Sequelize } from 'sequelize';
import type { ApiRouter } from '../http/api-router';
import { AppError } from '../http/errors';

/** A path's `:name` as a draft name; 404 for anything else. */
function draftName(name: string): string {
  if (!CREATOR_DRAFT_NAME.test(name)) throw AppError.notFound();
  return name;
}

/**
 * The creation tool's unsaved drafts kept on the server for a browser without storage (migration
 * 0032): each user reads, keeps and forgets only their own, by name.
 */
export class CreatorDraftsRepository {
  constructor(private readonly sequelize: Sequelize) {}

  async get(userId: number, name: string): Promise<CreatorDraftAnswer> {
    const [row] = await this.sequelize.query<{ value: string; updated_at: Date }>(
      `SELECT value, updated_at FROM creator_drafts WHERE user_id = :userId AND name = :name`,
      { replacements: { userId, name }, type: QueryTypes.SELECT },
    );
    return row
      ? { value: row.value, savedAt: new Date(row.updated_at).toISOString() }
      : { value: null, savedAt: null };
  }

  async keep(userId: number, name: string, value: string): Promise<CreatorDraftAnswer> {
    const [row] = await this.sequelize.query<{ updated_at: Date }>(
      `INSERT INTO creator_drafts (user_id, name, value, updated_at) VALUES (:userId, :name, :value, now())
       ON CONFLICT (user_id, name) DO UPDATE SET value = EXCLUDED.value, updated_at = now()
       RETURNING updated_at`,
      { replacements: { userId, name, value }, type: QueryTypes.SELECT },
    );
    return { value, savedAt: new Date(row!.updated_at).toISOString() };
  }

  async forget(userId: number, name: string): Promise<void> {
    await this.sequelize.query(`DELETE FROM creator_drafts WHERE user_id = :userId AND name = :name`, {
      replacements: { userId, name },
    });
  }
}

/** GET, PUT and DELETE creator/drafts/{name}/: the caller's own kept drafts. */
export function registerCreatorDraftRoutes(api: ApiRouter, drafts: CreatorDraftsRepository): void {
  api.handle(API.creatorDraft, {
    handle: async ({ principal, params }) => ({
      body: await drafts.get(principal.userId, draftName(params.name)),
    }),
  });
  api.handle(API.keepCreatorDraft, {
    handle: async ({ principal, params, body }) => ({
      body: await drafts.keep(principal.userId, draftName(params.name), body.value),
    }),
  });
  api.handle(API.forgetCreatorDraft, {
    handle: async ({ principal, params }) => {
      await drafts.forget(principal.userId, draftName(params.name));
    },
  });
}
