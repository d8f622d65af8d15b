import fs from 'node:fs/promises';
import path from 'node:path';
import { toSnakeCase, type FileFormData, type NumeralDraft, type ProblemDraft } from '@kib/core';
import { VALID_MATH_TYPE_DATA } from '@kib/core/fixtures';
import sharp from 'sharp';
import type { TestClient } from './test-server';

/** A small PNG made on the spot, with a comment in its metadata (which storing must remove). */
export async function png(width = 8, height = 8): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .withMetadata({ exif: { IFD0: { ImageDescription: 'secret location' } } })
    .toBuffer();
  return new Uint8Array(bytes);
}

/** The bytes of a file of the seed's media (a small, valid MP4 video and a PNG). */
export async function seedFile(name: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await fs.readFile(path.join(import.meta.dirname, '../src/seed/media', name)));
}

let counter = 0;
/** A fresh draft key. */
export function key(prefix = 'k'): string {
  counter += 1;
  return `${prefix}${String(counter).padStart(6, '0')}`;
}

/** A simplify numeral of a draft, right unless told otherwise. */
export function simplifyNumeral(over: Partial<NumeralDraft> = {}, target = 'x+1'): NumeralDraft {
  return {
    key: key('n'),
    id: null,
    question: 'Simplifica $\\frac{x^2-1}{x-1}$',
    initialHint: null,
    hintPicture: null,
    picture: null,
    videoS3: null,
    calculator: false,
    steps: [],
    mathType: 'simplify',
    data: { ...VALID_MATH_TYPE_DATA.simplify, target },
    choices: [],
    ...over,
  };
}

/** A solve step of a draft. */
export function solveStep(over: Record<string, unknown> = {}) {
  return {
    key: key('s'),
    id: null,
    instruction: 'Despeja x',
    explanation: '',
    picture: null,
    videoS3: null,
    calculator: false,
    mathType: 'solve' as const,
    data: VALID_MATH_TYPE_DATA.solve,
    choices: [],
    ...over,
  };
}

/** A multiple-choice numeral of a draft. */
export function choiceNumeral(correct = [true, false]): NumeralDraft {
  return {
    ...simplifyNumeral(),
    mathType: 'multipleChoice',
    data: null,
    choices: correct.map((c, i) => ({
      key: key('c'),
      id: null,
      text: `$${i + 1}$`,
      picture: null,
      correct: c,
    })),
  };
}

/** A draft of a problem in `subtopic` of `topic`. */
export function problemDraft(
  refs: { topicId: number | null; subtopicId: number | null; courseId?: number | null },
  over: Partial<ProblemDraft> = {},
): ProblemDraft {
  return {
    id: null,
    title: 'Fracciones algebraicas',
    description: 'Simplifica paso a paso',
    language: 'es',
    courseId: refs.courseId ?? null,
    topicId: refs.topicId,
    subtopicId: refs.subtopicId,
    numeration: '1',
    publishProblem: true,
    calculator: false,
    picture: null,
    videoS3: null,
    numerals: [simplifyNumeral()],
    ...over,
  };
}

/** A file of a save: its field, bytes, name, and what it belongs to. */
export interface UploadFile {
  field: `picture_${number}` | `video_${number}`;
  file: Blob;
  name: string;
  formdata: FileFormData;
}

/** A save as the site sends it: multipart, the draft as snake_case JSON text, each file with its formdata. */
export function saveForm(state: unknown, files: UploadFile[] = [], userType = 'creator'): FormData {
  const form = new FormData();
  form.append('state', JSON.stringify(toSnakeCase(state)));
  form.append('user_type', userType);
  for (const file of files) {
    form.append(file.field, file.file, file.name);
    form.append(`formdata_${file.field.split('_')[1]}`, JSON.stringify(file.formdata));
  }
  return form;
}

/** Posts a form to send_create_problem_data/ as `client`. */
export async function postSave(
  client: TestClient,
  form: FormData | string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> & { fields?: Record<string, string[]> } }> {
  const res = await fetch(`${client.baseUrl}/api/send_create_problem_data/`, {
    method: 'POST',
    headers: {
      ...client.defaultHeaders,
      ...(client.token ? { authorization: `Bearer ${client.token}` } : {}),
      ...headers,
    },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}
