import { endpoint, roles } from './contract';
import { CreatedEmbedTokenSchema, EmbedTokenListSchema, NewEmbedTokenSchema } from './teacher-embed.schemas';

const TAG = 'teacher-embed';
const TEACHERS = roles('Teachers');

/**
 * A classroom's embed tokens: read-only keys to its dashboards for pages outside Kib. The caller's
 * own classrooms only (404 otherwise), with a valid school plan (403 `subscription-required`).
 */
export const TEACHER_EMBED_ENDPOINTS = {
  embedTokens: endpoint({
    method: 'get',
    path: '/classrooms/:id/embed-tokens/',
    access: TEACHERS,
    tag: TAG,
    summary: "The live embed tokens of one of the caller's classrooms, newest first (never their secrets)",
    response: EmbedTokenListSchema,
  }),
  createEmbedToken: endpoint({
    method: 'post',
    path: '/classrooms/:id/embed-tokens/',
    access: TEACHERS,
    tag: TAG,
    summary:
      "Makes a read-only embed token of one of the caller's classrooms; its secret is answered this once",
    body: NewEmbedTokenSchema,
    response: CreatedEmbedTokenSchema,
    status: 201,
  }),
  revokeEmbedToken: endpoint({
    method: 'delete',
    path: '/classrooms/:id/embed-tokens/:tokenId/',
    access: TEACHERS,
    tag: TAG,
    summary: "Revokes an embed token of one of the caller's classrooms at once",
    response: null,
  }),
};
