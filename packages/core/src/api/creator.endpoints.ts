import { AUTHENTICATED, endpoint, PUBLIC, roles } from './contract';
import {
  CloneProblemAnswerSchema,
  CREATOR_DRAFT_MAX_CHARS,
  CreatorDraftAnswerSchema,
  CreatorDraftSaveSchema,
  CreatorProblemAnswerSchema,
  CreatorProblemsAnswerSchema,
  CreatorProblemsQuerySchema,
  DeleteProblemAnswerSchema,
  LocalUploadAnswerSchema,
  PICTURE_MAX_BYTES,
  PictureAddressSchema,
  PresignedUploadRequestSchema,
  PresignedUploadSchema,
  PublicConfigSchema,
  SaveProblemAnswerSchema,
  SaveProblemRequestSchema,
  VIDEO_MAX_BYTES,
} from './creator.schemas';

const TAG = 'creator';

/**
 * Who authors problems: creators and supervisors (spec 02 §6), teachers and LMS teachers (the
 * creation tool is reached from the teacher's menu and the LMS editor's 'Nuevo ejercicio'), and the
 * platform admin. Whether the caller may change a given problem is decided per problem (author,
 * coauthor, or an account that may edit any problem).
 */
export const AUTHORS = roles('Creators', 'Supervisors', 'Teachers', 'LTITeacher', 'Platform Admin');

/** The most files one save of the creation tool carries. */
export const SAVE_PROBLEM_MAX_FILES = 60;

/**
 * The most bytes one save of the creation tool carries: a video and twenty pictures at their
 * limits, and the draft. Larger sets of files are saved in several saves (or a video uploaded
 * through get_presigned_url/).
 */
export const SAVE_PROBLEM_MAX_BYTES = VIDEO_MAX_BYTES + 20 * PICTURE_MAX_BYTES + 4 * 1024 * 1024;

/**
 * The creator area (spec 02 §2 "Creator problem table", "Creation tool"; §4 "Creation flow"; §7):
 * the problem table, a problem opened for editing, saving with its files and the authoring checks,
 * clone and delete; and the files: presigned uploads, picture addresses and the public config.
 */
export const CREATOR_ENDPOINTS = {
  creatorProblems: endpoint({
    method: 'get',
    path: '/creator/problems/',
    access: AUTHORS,
    tag: TAG,
    summary:
      "The problem table: one page of the problems the caller may see (published, or their own), filtered by 'only mine', course, topic, subtopic and a search",
    query: CreatorProblemsQuerySchema,
    response: CreatorProblemsAnswerSchema,
  }),
  creatorProblem: endpoint({
    method: 'get',
    path: '/creator/problems/:id/',
    access: AUTHORS,
    tag: TAG,
    summary:
      'A problem in the creation tool’s shape, answers included, for those who may edit it or review it (404 otherwise)',
    response: CreatorProblemAnswerSchema,
  }),
  creatorDraft: endpoint({
    method: 'get',
    path: '/creator/drafts/:name/',
    access: AUTHORS,
    tag: TAG,
    summary:
      "The caller's unsaved creation-tool draft kept on the server under a name (for a browser without storage), or null",
    response: CreatorDraftAnswerSchema,
  }),
  keepCreatorDraft: endpoint({
    method: 'put',
    path: '/creator/drafts/:name/',
    access: AUTHORS,
    tag: TAG,
    summary:
      "Keeps the caller's unsaved creation-tool draft under a name, for a browser whose storage is blocked; only the caller reads it",
    body: CreatorDraftSaveSchema,
    response: CreatorDraftAnswerSchema,
    maxBodyBytes: CREATOR_DRAFT_MAX_CHARS * 2 + 1024,
  }),
  forgetCreatorDraft: endpoint({
    method: 'delete',
    path: '/creator/drafts/:name/',
    access: AUTHORS,
    tag: TAG,
    summary: "Forgets the caller's unsaved draft kept under a name (nothing to forget is fine)",
    response: null,
  }),
  saveProblem: endpoint({
    method: 'post',
    path: '/send_create_problem_data/',
    access: AUTHORS,
    tag: TAG,
    summary:
      'Saves the creation tool’s draft and its new files in one transaction; publishes it only when every numeral’s own answer passes its check',
    body: SaveProblemRequestSchema,
    response: SaveProblemAnswerSchema,
    multipart: {
      jsonFields: ['state'],
      files: [
        { field: 'picture', maxBytes: PICTURE_MAX_BYTES },
        { field: 'video', maxBytes: VIDEO_MAX_BYTES },
      ],
      maxFiles: SAVE_PROBLEM_MAX_FILES,
      maxTotalBytes: SAVE_PROBLEM_MAX_BYTES,
    },
  }),
  cloneProblem: endpoint({
    method: 'post',
    path: '/creator/problems/:id/clone/',
    access: AUTHORS,
    tag: TAG,
    summary: "Copies a saved problem the caller may edit: title + ' (clon)', unpublished, the caller's",
    status: 201,
    response: CloneProblemAnswerSchema,
  }),
  deleteProblem: endpoint({
    method: 'delete',
    path: '/problems/delete/:id/',
    access: AUTHORS,
    tag: TAG,
    summary:
      'Deletes a problem the caller may edit; one that a module or students’ results hold is unpublished instead',
    response: DeleteProblemAnswerSchema,
  }),
  presignedUpload: endpoint({
    method: 'post',
    path: '/get_presigned_url/',
    access: AUTHORS,
    tag: TAG,
    summary: 'Where to upload one large file (a video) directly, and the key a draft then names',
    body: PresignedUploadRequestSchema,
    response: PresignedUploadSchema,
  }),
  localUpload: endpoint({
    method: 'put',
    path: '/uploads/:token/',
    access: PUBLIC,
    tag: TAG,
    summary:
      'Kib’s own presigned address (local storage): the raw bytes of the one file get_presigned_url/ announced, before the token expires; the token is the credential',
    response: LocalUploadAnswerSchema,
    rawBody: ['image/jpeg', 'image/png', 'image/gif', 'video/mp4', 'video/quicktime'],
  }),
  pictureAddress: endpoint({
    method: 'get',
    path: '/get_s3_picture/:id/',
    access: AUTHENTICATED,
    tag: TAG,
    summary: 'The address a stored picture is shown from (404 for an unknown key)',
    response: PictureAddressSchema,
  }),
  publicConfig: endpoint({
    method: 'get',
    path: '/config/',
    access: PUBLIC,
    tag: 'meta',
    summary: 'Where pictures and videos are served from, the upload limits and the configured services',
    response: PublicConfigSchema,
  }),
};
