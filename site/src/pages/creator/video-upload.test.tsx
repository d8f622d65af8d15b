import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sidebarStorageKey } from '../../layout/area-layout';
import { axeViolations, PUBLIC_CONFIG, renderSite, type StubCall } from '../../test/render-site';
import { refusal } from '../teacher/teacher-fixture';
import { draftStorageName } from './creator-draft.store';
import { CREATOR, creatorServer } from './creator-fixture';

/** The multipart limit GET config/ says in these tests: a video over it goes to a presigned address. */
const MULTIPART_VIDEO_MAX = 1000;
const UPLOAD_URL = 'https://uploads.example/kib/video-key.mp4?signature=abc';
const KEY = 'v1dEoKeY0123456789abcdef.mp4';

/** An XMLHttpRequest that records what the page sends and lets the test answer it. */
class FakeUpload {
  static made: FakeUpload[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  aborted = false;
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeUpload.made.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  answer(status: number) {
    this.status = status;
    this.onload?.();
  }
}

/** The one upload the page started. */
async function theUpload(): Promise<FakeUpload> {
  await expect.poll(() => FakeUpload.made.length).toBe(1);
  await expect.poll(() => FakeUpload.made[0]!.body).not.toBeNull();
  return FakeUpload.made[0]!;
}

const video = (size: number, name = 'clase.mp4', type = 'video/mp4') =>
  new File([new Uint8Array(size)], name, { type });

function open(presign: (call: StubCall) => { status?: number; body?: unknown } = () => ({})) {
  const server = creatorServer({
    extra: {
      'GET config/': {
        body: { ...PUBLIC_CONFIG, uploads: { ...PUBLIC_CONFIG.uploads, videoMaxBytes: MULTIPART_VIDEO_MAX } },
      },
      'POST get_presigned_url/': (call) => {
        const answer = presign(call);
        return answer.status
          ? answer
          : {
              body: {
                url: UPLOAD_URL,
                method: 'PUT',
                headers: { 'content-type': 'video/mp4', 'content-length': '5000' },
                key: KEY,
                expiresAt: '2030-01-01T00:00:00.000Z',
              },
            };
      },
    },
  });
  return renderSite('/creator/tool', { user: CREATOR, routes: server.routes }).then((r) => ({
    ...r,
    saves: server.saves,
  }));
}

beforeEach(() => {
  FakeUpload.made = [];
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  localStorage.removeItem(sidebarStorageKey('creator'));
  localStorage.removeItem(draftStorageName(null));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.removeItem(draftStorageName(null));
});

describe('the creation tool: a video over the multipart limit goes straight to the store', () => {
  it('asks get_presigned_url/, PUTs the file there with its progress shown, and puts the key in the draft', async () => {
    const { screen, calls, saves } = await open();
    const problem = screen.getByRole('region', { name: 'El problema' });
    await problem.getByRole('textbox', { name: 'Título' }).fill('Con video largo');
    const input = problem.getByLabelText('Video', { exact: true });
    await expect.element(input).toHaveAccessibleDescription(/uno más grande se sube en cuanto lo eliges/);
    const file = video(5000);
    await input.upload(file);

    const upload = await theUpload();
    const presigned = calls.filter((c) => c.path === 'get_presigned_url/');
    expect(presigned.map((c) => [c.method, c.body])).toEqual([
      ['POST', { kind: 'video', contentType: 'video/mp4', size: 5000 }],
    ]);
    expect(upload.method).toBe('PUT');
    expect(upload.url).toBe(UPLOAD_URL);
    // The browser sets the length itself; the signed content type goes as given.
    expect(upload.headers).toEqual({ 'content-type': 'video/mp4' });
    expect((upload.body as File).name).toBe('clase.mp4');
    expect((upload.body as File).size).toBe(5000);

    const bar = problem.getByRole('progressbar', { name: 'Subiendo clase.mp4' });
    await expect.element(bar).toBeVisible();
    upload.progress(2000, 5000);
    await expect.element(bar).toHaveAttribute('value', '2000');
    await expect.element(bar).toHaveAttribute('aria-valuetext', '40 %');
    expect(await axeViolations()).toEqual([]);

    upload.progress(5000, 5000);
    upload.answer(200);
    await expect.element(problem.getByText(`Guardado: ${KEY}`)).toBeVisible();
    await expect.element(bar).not.toBeInTheDocument();
    await expect
      .element(problem.getByRole('status').filter({ hasText: 'clase.mp4 se subió.' }))
      .toBeInTheDocument();
    await expect.element(screen.getByText('Hay cambios sin guardar')).toBeVisible();

    // The save names the key and sends no file.
    await screen.getByRole('button', { name: 'Guardar' }).click();
    await expect.poll(() => saves.length).toBe(1);
    expect(saves[0]!.state).toMatchObject({ video_s3: KEY });
    expect(saves[0]!.files).toEqual([]);
    expect(FakeUpload.made).toHaveLength(1);
  });

  it('sends a video within the limit with the save, as before', async () => {
    const { screen, calls } = await open();
    const problem = screen.getByRole('region', { name: 'El problema' });
    await problem
      .getByLabelText('Video', { exact: true })
      .upload(video(MULTIPART_VIDEO_MAX, 'corto.mov', ''));
    await expect.element(problem.getByText('corto.mov (se sube al guardar)')).toBeVisible();
    expect(calls.some((c) => c.path === 'get_presigned_url/')).toBe(false);
    expect(FakeUpload.made).toEqual([]);
  });

  it('announces a .mov the browser gave no type as video/quicktime, and cancels the upload', async () => {
    const { screen, calls } = await open();
    const problem = screen.getByRole('region', { name: 'El problema' });
    await problem.getByLabelText('Video', { exact: true }).upload(video(4000, 'clase.mov', ''));
    const upload = await theUpload();
    expect(calls.find((c) => c.path === 'get_presigned_url/')!.body).toEqual({
      kind: 'video',
      contentType: 'video/quicktime',
      size: 4000,
    });
    await problem.getByRole('button', { name: 'Cancelar la subida Video' }).click();
    expect(upload.aborted).toBe(true);
    await expect.element(problem.getByRole('progressbar')).not.toBeInTheDocument();
    await expect
      .element(problem.getByRole('status').filter({ hasText: 'Se canceló la subida de clase.mov.' }))
      .toBeInTheDocument();
    await expect.element(problem.getByText(/^Guardado:/)).not.toBeInTheDocument();
    await expect
      .element(problem.getByLabelText('Video', { exact: true }))
      .not.toHaveAttribute('aria-invalid');
  });

  it("says the server's refusal of a too large video under the field", async () => {
    const said = 'El archivo es demasiado grande: máximo 1024 MB.';
    const { screen } = await open(() =>
      refusal(400, 'validation', 'Revisa los campos marcados.', { size: [said] }),
    );
    const problem = screen.getByRole('region', { name: 'El problema' });
    const input = problem.getByLabelText('Video', { exact: true });
    await input.upload(video(5000));
    await expect.element(input).toHaveAccessibleDescription(new RegExp(said.replace('.', '\\.')));
    await expect.element(input).toHaveAttribute('aria-invalid', 'true');
    expect(FakeUpload.made).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });

  it('says, translated, when the store refuses the file or the connection drops', async () => {
    const { screen } = await open();
    const problem = screen.getByRole('region', { name: 'El problema' });
    const input = problem.getByLabelText('Video', { exact: true });
    await input.upload(video(5000));
    (await theUpload()).answer(403);
    await expect
      .element(input)
      .toHaveAccessibleDescription(/El almacenamiento no aceptó clase\.mp4 \(error 403\)\./);
    await expect.element(problem.getByText(/^Guardado:/)).not.toBeInTheDocument();

    FakeUpload.made = [];
    await input.upload(video(6000, 'otra.mp4'));
    const second = await theUpload();
    // Choosing again clears the last failure while the new upload runs.
    await expect.element(input).not.toHaveAttribute('aria-invalid');
    second.onerror?.();
    await expect
      .element(input)
      .toHaveAccessibleDescription(/No se pudo subir otra\.mp4: se perdió la conexión\./);
  });
});

describe('the creation tool: a large video in English', () => {
  it('shows the progress and the failure in English', async () => {
    const server = creatorServer({
      extra: {
        'GET config/': {
          body: {
            ...PUBLIC_CONFIG,
            uploads: { ...PUBLIC_CONFIG.uploads, videoMaxBytes: MULTIPART_VIDEO_MAX },
          },
        },
        'POST get_presigned_url/': {
          body: {
            url: UPLOAD_URL,
            method: 'PUT',
            headers: {},
            key: KEY,
            expiresAt: '2030-01-01T00:00:00.000Z',
          },
        },
      },
    });
    const { screen } = await renderSite('/creator/tool', {
      user: CREATOR,
      routes: server.routes,
      language: 'en',
    });
    const problem = screen.getByRole('region', { name: 'The problem' });
    const input = problem.getByLabelText('Video', { exact: true });
    await input.upload(video(5000));
    const upload = await theUpload();
    await expect.element(problem.getByRole('progressbar', { name: 'Uploading clase.mp4' })).toBeVisible();
    upload.answer(500);
    await expect
      .element(input)
      .toHaveAccessibleDescription(/The storage did not accept clase\.mp4 \(error 500\)\./);
  });
});
