import fs from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAVE_PROBLEM_MAX_FILES, VIDEO_MAX_BYTES } from '@kib/core';
import { insertUser } from '../../testing/fixtures';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';
import {
  choiceNumeral,
  png,
  postSave,
  problemDraft,
  saveForm,
  simplifyNumeral,
  seedFile,
} from '../../testing/creation-drafts';

/*
 * send_create_problem_data/ under bad input: whatever arrives, the answer is a 400 or a 413 with a
 * translated message naming what is wrong, and nothing is half-saved: no problem, numeral or
 * media_files row, and no stored file.
 */

let server: TestServer;
let creator: TestClient;
let refs: { topicId: number; subtopicId: number };

async function count(table: string): Promise<number> {
  const [row] = await server.db.sequelize.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`, {
    type: QueryTypes.SELECT,
  });
  return row!.n;
}

async function storedFiles(): Promise<string[]> {
  return fs.readdir(path.join(server.config.dataDir, 'media')).catch(() => []);
}

async function expectNothingSaved(): Promise<void> {
  expect(await count('problems')).toBe(0);
  expect(await count('numerals')).toBe(0);
  expect(await count('media_files')).toBe(0);
  expect(await storedFiles()).toEqual([]);
}

beforeAll(async () => {
  server = await startTestServer();
  await insertUser(server.db.sequelize, { email: 'fuzz@creator.test', groups: ['Creators'] });
  creator = await new TestClient(server.url, { 'accept-language': 'es' }).logIn('fuzz@creator.test');
  const [topic] = await server.db.sequelize.query<{ id: number }>(
    `INSERT INTO topics (name) VALUES ('Funciones') RETURNING id`,
    { type: QueryTypes.SELECT },
  );
  const [subtopic] = await server.db.sequelize.query<{ id: number }>(
    `INSERT INTO subtopics (topic_id, name) VALUES (:t, 'Cuadráticas') RETURNING id`,
    { replacements: { t: topic!.id }, type: QueryTypes.SELECT },
  );
  refs = { topicId: topic!.id, subtopicId: subtopic!.id };
});
afterAll(() => server?.close());

/** A tiny deterministic generator of bad values. */
function* badValues(): Generator<unknown> {
  yield null;
  yield 42;
  yield -1;
  yield 'texto';
  yield '';
  yield true;
  yield [];
  yield {};
  yield [1, 2, 3];
  yield { nested: { deep: [null] } };
  yield 'x'.repeat(70_000);
  yield 1e308;
  yield '<script>alert(1)</script>';
}

describe('send_create_problem_data/ under bad input', () => {
  it('answers 400 naming the field for wrong types and huge strings in every field of the draft', async () => {
    const base = problemDraft(refs) as unknown as Record<string, unknown>;
    const fields = Object.keys(base).filter((k) => k !== 'id');
    let tried = 0;
    for (const field of fields)
      for (const value of badValues()) {
        const state = { ...base, [field]: value };
        const res = await postSave(creator, saveForm(state));
        // Some values are acceptable for some fields (a string description, a null picture…).
        if (res.status === 200) {
          await server.db.sequelize.query(`DELETE FROM problems`);
          continue;
        }
        tried += 1;
        expect([400, 413], `${field} = ${JSON.stringify(value).slice(0, 40)}`).toContain(res.status);
        expect(typeof res.body.detail).toBe('string');
        if (res.status === 400) {
          const snake = field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
          expect(
            Object.keys(res.body.fields ?? {}).some((f) => f.startsWith(`state.${snake}`) || f === 'state'),
          ).toBe(true);
        }
      }
    expect(tried).toBeGreaterThan(60);
    await expectNothingSaved();
  });

  it('answers 400 for bad numerals: unknown math types, records that fail their schema, repeated keys', async () => {
    const cases: unknown[] = [
      [{ ...simplifyNumeral(), mathType: 'astrology' }],
      [{ ...simplifyNumeral(), data: { target: 42 } }],
      [{ ...simplifyNumeral(), key: 'bad key!' }],
      [{ ...simplifyNumeral(), steps: 'none' }],
      [{ ...choiceNumeral(), choices: [{ key: 'c00001', text: 1 }] }],
      Array.from({ length: 3 }, () => ({ ...simplifyNumeral(), key: 'samekey' })),
      [{ ...simplifyNumeral(), id: 999_999 }],
      Array.from({ length: 500 }, () => simplifyNumeral()),
    ];
    for (const numerals of cases) {
      const res = await postSave(creator, saveForm({ ...problemDraft(refs), numerals }));
      expect(res.status, JSON.stringify(numerals).slice(0, 80)).toBe(400);
      expect(Object.keys(res.body.fields ?? {})[0]).toMatch(/^state/);
    }
    await expectNothingSaved();
  });

  it('answers 400 for malformed JSON in state or formdata, a missing state, a body that is not multipart', async () => {
    const broken = new FormData();
    broken.append('state', '{"title": "sin cerrar"');
    const res = await postSave(creator, broken);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({ state: ['Este campo debe ser JSON válido.'] });

    const noState = new FormData();
    noState.append('user_type', 'creator');
    expect((await postSave(creator, noState)).status).toBe(400);

    const badFormdata = saveForm(problemDraft(refs));
    badFormdata.append('picture_0', new Blob([await png()]), 'a.png');
    badFormdata.append('formdata_0', '{oops');
    const formdata = await postSave(creator, badFormdata);
    expect(formdata.status).toBe(400);
    expect(formdata.body.fields).toHaveProperty(['formdata_0']);

    const garbage = await postSave(creator, '--xyz\r\nnot really\r\n', {
      'content-type': 'multipart/form-data; boundary=xyz',
    });
    expect(garbage.status).toBe(400);
    const noBoundary = await postSave(creator, 'a=b', { 'content-type': 'multipart/form-data' });
    expect(noBoundary.status).toBe(400);
    await expectNothingSaved();
  });

  it('answers 400 for bad files: a PNG named .mp4 sent as a video, text as a picture, an empty file, a file without formdata or for no item', async () => {
    const draft = problemDraft(refs);
    const asVideo = await postSave(
      creator,
      saveForm(draft, [
        {
          field: 'video_0',
          file: new Blob([await png()]),
          name: 'clip.mp4',
          formdata: { name: 'clip.mp4', type: 'problem', id: '' },
        },
      ]),
    );
    expect(asVideo.status).toBe(400);
    expect(asVideo.body.fields).toEqual({
      video_0: ['clip.mp4 no es un video MP4 o MOV (su contenido es PNG).'],
    });

    const english = await fetch(`${server.url}/api/send_create_problem_data/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${creator.token}`, 'accept-language': 'en' },
      body: saveForm(draft, [
        {
          field: 'picture_0',
          file: new Blob(['hola, soy texto']),
          name: 'foto.png',
          formdata: { name: 'foto.png', type: 'problem', id: '' },
        },
      ]),
    });
    expect(english.status).toBe(400);
    expect(((await english.json()) as { fields: Record<string, string[]> }).fields).toEqual({
      picture_0: ['foto.png is not a JPG, PNG or GIF picture (its content is ?).'],
    });

    const empty = saveForm(draft, [
      {
        field: 'picture_0',
        file: new Blob([]),
        name: 'vacia.png',
        formdata: { name: 'vacia.png', type: 'problem', id: '' },
      },
    ]);
    expect((await postSave(creator, empty)).status).toBe(400);

    const orphan = saveForm(draft);
    orphan.append('picture_3', new Blob([await png()]), 'sola.png');
    const alone = await postSave(creator, orphan);
    expect(alone.status).toBe(400);
    expect(alone.body.fields).toHaveProperty(['formdata_3']);

    const nowhere = await postSave(
      creator,
      saveForm(draft, [
        {
          field: 'picture_0',
          file: new Blob([await png()]),
          name: 'p.png',
          formdata: { name: 'p.png', type: 'step', id: 'nostep1' },
        },
      ]),
    );
    expect(nowhere.status).toBe(400);
    expect(nowhere.body.fields).toHaveProperty(['formdata_0.id']);

    const videoForChoice = await postSave(
      creator,
      saveForm(draft, [
        {
          field: 'video_0',
          file: new Blob([await seedFile('kib-demo.mp4')]),
          name: 'v.mp4',
          formdata: { name: 'v.mp4', type: 'choice', id: 'c00001' },
        },
      ]),
    );
    expect(videoForChoice.status).toBe(400);

    const unknownField = saveForm(draft);
    unknownField.append('document_0', new Blob([await png()]), 'x.png');
    expect((await postSave(creator, unknownField)).status).toBe(400);

    const keyNotStored = await postSave(
      creator,
      saveForm({ ...draft, picture: 'AAAAAAAAAAAAAAAAAAAAAA.png' }),
    );
    expect(keyNotStored.status).toBe(400);
    expect(keyNotStored.body.fields).toHaveProperty(['state.picture']);
    await expectNothingSaved();
  });

  it('names the file that was refused, not another of the same save: the second of two', async () => {
    const draft = problemDraft(refs, { numerals: [simplifyNumeral()] });
    const numeral = draft.numerals[0]!.key;
    const first = {
      field: 'picture_0' as const,
      file: new Blob([await png()]),
      name: 'primera.png',
      formdata: { name: 'primera.png', type: 'problem' as const, id: '' },
    };
    const second = (field: 'picture_1' | 'video_1', bytes: Uint8Array<ArrayBuffer>, name: string) => ({
      field,
      file: new Blob([bytes]),
      name,
      formdata: { name, type: 'numeral' as const, id: numeral },
    });

    // Typed by content while the request is read: a PDF named .png, a PNG sent as a video.
    const pdf = new TextEncoder().encode('%PDF-1.4\n% not a picture\n');
    const notPicture = await postSave(
      creator,
      saveForm(draft, [first, second('picture_1', pdf, 'segunda.png')]),
    );
    expect(notPicture.status).toBe(400);
    expect(notPicture.body.fields).toEqual({
      picture_1: ['segunda.png no es una imagen JPG, PNG o GIF (su contenido es PDF).'],
    });
    const notVideo = await postSave(
      creator,
      saveForm(draft, [first, second('video_1', await png(), 'segunda.mp4')]),
    );
    expect(notVideo.body.fields).toEqual({
      video_1: ['segunda.mp4 no es un video MP4 o MOV (su contenido es PNG).'],
    });

    // Decoded once stored: a PNG's signature over damaged content, after a first picture stored fine.
    const damaged = new Uint8Array([...(await png()).subarray(0, 16), ...new TextEncoder().encode('roto')]);
    const unreadable = await postSave(
      creator,
      saveForm(draft, [first, second('picture_1', damaged, 'segunda.png')]),
    );
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.fields).toEqual({
      picture_1: ['segunda.png no se pudo leer como imagen: está dañada o es demasiado grande.'],
    });
    await expectNothingSaved();
  });

  it('answers 413 for a text field over its limit, naming it', async () => {
    const form = new FormData();
    form.append('state', JSON.stringify({ title: 'x'.repeat(5 * 1024 * 1024) }));
    const res = await postSave(creator, form);
    expect(res.status).toBe(413);
    expect(res.body.fields).toEqual({ state: ['El campo state supera el máximo de 4 MB.'] });
    await expectNothingSaved();
  });

  it('answers 413 for more files than a save takes', async () => {
    const picture = await png(2, 2);
    const draft = problemDraft(refs);
    const files = Array.from({ length: SAVE_PROBLEM_MAX_FILES + 1 }, (_, i) => ({
      field: `picture_${i}` as const,
      file: new Blob([picture]),
      name: `p${i}.png`,
      formdata: { name: `p${i}.png`, type: 'problem' as const, id: '' },
    }));
    const res = await postSave(creator, saveForm(draft, files));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      code: 'too-many-files',
      detail: `Una solicitud admite como máximo ${SAVE_PROBLEM_MAX_FILES} archivos: guarda en varias veces.`,
    });
    await expectNothingSaved();
  });

  it('answers 413 to a 200 MB upload streamed without a length, without keeping it', async () => {
    const boundary = 'kibfuzzboundary';
    const chunk = new Uint8Array(1024 * 1024).fill(0x41);
    const head = new TextEncoder().encode(
      [
        `--${boundary}`,
        'Content-Disposition: form-data; name="state"',
        '',
        JSON.stringify(problemDraft(refs)),
        `--${boundary}`,
        'Content-Disposition: form-data; name="formdata_0"',
        '',
        JSON.stringify({ name: 'big.mp4', type: 'problem', id: '' }),
        `--${boundary}`,
        'Content-Disposition: form-data; name="video_0"; filename="big.mp4"',
        'Content-Type: video/mp4',
        '',
        '',
      ].join('\r\n'),
    );
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
      },
      pull(controller) {
        if (sent >= 200) {
          controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
          controller.close();
          return;
        }
        sent += 1;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${server.url}/api/send_create_problem_data/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${creator.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    const answer = (await res.json()) as { code: string; detail: string };
    expect(answer.code).toBe('file-too-large');
    expect(answer.detail).toBe(
      `El archivo video_0 supera el máximo de ${VIDEO_MAX_BYTES / (1024 * 1024)} MB.`,
    );
    await expectNothingSaved();
  });

  it('answers 413 before reading a body whose declared length is over the limit', async () => {
    // Only a few bytes follow the header: the answer comes before the body would have.
    const status = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${server.url}/api/send_create_problem_data/`);
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          headers: {
            authorization: `Bearer ${creator.token}`,
            'content-type': 'multipart/form-data; boundary=abc',
            'content-length': String(400 * 1024 * 1024),
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on('error', reject);
      req.write('--abc\r\n');
    });
    expect(status).toBe(413);
    await expectNothingSaved();
  });

  it('leaves nothing half-saved when the save fails after the files were stored', async () => {
    // The second numeral names a step id that is not the problem's: refused inside the transaction.
    const draft = problemDraft(refs, {
      numerals: [
        simplifyNumeral(),
        simplifyNumeral({
          steps: [{ ...simplifyNumeral(), id: 424242, instruction: '', explanation: '' }] as never,
        }),
      ],
    });
    const res = await postSave(
      creator,
      saveForm(draft, [
        {
          field: 'picture_0',
          file: new Blob([await png()]),
          name: 'p.png',
          formdata: { name: 'p.png', type: 'problem', id: '' },
        },
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.fields).toHaveProperty(['state.numerals.1.steps.0.id']);
    await expectNothingSaved();
  });
});
