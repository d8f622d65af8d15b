import type { Problem } from '@kib/core';
import { downloadBlob } from '@kib/widgets';
import { useId, useState } from 'react';
import { useMediaAddresses } from '../../app/public-config';
import { useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { CopyButton } from '../../ui/copy-button';
import { TextAreaField } from '../../ui/field';
import { Modal } from '../../ui/modal';

/** Where the exported page finds Kib: this site's origin, and its media bases made absolute. */
interface Addresses {
  origin: string;
  pictureBaseUrl: string | null;
  videoBaseUrl: string | null;
}

/** The attributes every exported solver carries: its language and where its pictures and videos are. */
function solverAttributes(problem: Pick<Problem, 'language'>, at: Addresses): string {
  return [
    `lang="${problem.language}"`,
    at.pictureBaseUrl && `picture-base-url="${at.pictureBaseUrl}"`,
    at.videoBaseUrl && `video-base-url="${at.videoBaseUrl}"`,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The HTML that solves `problem` in any page with no server: Kib's widget bundle and a
 * `<kib-solver>` given the whole problem, answers included, as its `problem` property (checked in
 * the browser). The JSON is written into a module script with every `<` escaped, so no text of the
 * problem can close the script.
 */
export function offlineSnippet(problem: Problem, at: Addresses): string {
  const element = `kib-problem-${problem.id}`;
  const json = JSON.stringify(problem).replace(/</g, '\\u003c');
  return [
    `<script type="module" src="${at.origin}/widgets/kib-widgets.js"></script>`,
    `<kib-solver id="${element}" ${solverAttributes(problem, at)}></kib-solver>`,
    `<script type="module">`,
    `  const problem = ${json};`,
    `  await customElements.whenDefined('kib-solver');`,
    `  document.getElementById('${element}').problem = problem;`,
    `</script>`,
  ].join('\n');
}

/**
 * The HTML that solves the saved, published problem `problemId` through Kib: the answers stay on the
 * server, which checks every line; the page passes a student's access token (`token`).
 */
export function onlineSnippet(problem: Pick<Problem, 'id' | 'language'>, at: Addresses): string {
  return [
    `<script type="module" src="${at.origin}/widgets/kib-widgets.js"></script>`,
    `<kib-solver problem-id="${problem.id}" api-base="${at.origin}/api/" token="ACCESS_TOKEN" ${solverAttributes(problem, at)}></kib-solver>`,
  ].join('\n');
}

/** A media base as an absolute address, for a page on another site; null stays null. */
const absolute = (base: string | null) => (base === null ? null : new URL(base, window.location.origin).href);

/** A file name for the problem's JSON: its title in lower case, letters and digits joined by dashes. */
export function exportFileName(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `kib-${slug || 'problema'}.json`;
}

/**
 * "Exportar para insertar" (spec 02 §2, the widgets): the problem as another page embeds it. The
 * author chooses whether its answers go with it: with them, the offline JSON that `<kib-solver>`
 * takes (a file to download, and the HTML to paste), checked in the visitor's browser, where anyone
 * who reads the page can read the answers too; without them, the HTML of a solver that asks Kib,
 * offered once the problem is saved and published. Closed while `problem` is null.
 */
export function ExportDialog({
  problem,
  savedAndPublished,
  unsavedFiles = false,
  onClose,
}: {
  /** The draft as a full problem (draftAsProblem), or null. */
  problem: Problem | null;
  /** The problem as it is now is saved and published, so Kib can serve it. */
  savedAndPublished: boolean;
  /** Pictures or videos chosen and not uploaded yet: the other page cannot show them until a save. */
  unsavedFiles?: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const id = useId();
  const media = useMediaAddresses();
  const [withAnswers, setWithAnswers] = useState(true);
  const at: Addresses = {
    origin: window.location.origin,
    pictureBaseUrl: absolute(media.pictureBaseUrl),
    videoBaseUrl: absolute(media.videoBaseUrl),
  };
  const offline = withAnswers || !savedAndPublished;
  const snippet = problem ? (offline ? offlineSnippet(problem, at) : onlineSnippet(problem, at)) : '';
  return (
    <Modal
      open={problem !== null}
      title={t('creator.export-title')}
      closeLabel={t('creator.ok')}
      className="modules-dialog-wide"
      onClose={() => {
        setWithAnswers(true);
        onClose();
      }}
    >
      {unsavedFiles && <Alert tone="warning">{t('creator.export-unsaved-files')}</Alert>}
      <fieldset className="creator-export-choice">
        <legend>{t('creator.export-answers-legend')}</legend>
        <label className="modules-check">
          <input
            type="radio"
            name={`${id}-answers`}
            checked={offline}
            onChange={() => setWithAnswers(true)}
          />
          <span>
            {t('creator.export-with-answers')}
            <span className="modules-hint">{t('creator.export-with-answers-hint')}</span>
          </span>
        </label>
        <label className="modules-check">
          <input
            type="radio"
            name={`${id}-answers`}
            checked={!offline}
            disabled={!savedAndPublished}
            aria-describedby={`${id}-online-hint`}
            onChange={() => setWithAnswers(false)}
          />
          <span>
            {t('creator.export-without-answers')}
            <span id={`${id}-online-hint`} className="modules-hint">
              {savedAndPublished
                ? t('creator.export-without-answers-hint')
                : t('creator.export-without-answers-unsaved')}
            </span>
          </span>
        </label>
      </fieldset>
      <TextAreaField
        label={t('creator.export-snippet')}
        className="creator-export-snippet"
        readOnly
        rows={8}
        value={snippet}
      />
      <div className="creator-export-actions">
        <CopyButton text={snippet}>{t('creator.export-copy')}</CopyButton>
        {offline && problem && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() =>
              downloadBlob(
                new Blob([JSON.stringify(problem, null, 2)], { type: 'application/json;charset=utf-8' }),
                exportFileName(problem.title),
              )
            }
          >
            {t('creator.export-download')}
          </button>
        )}
      </div>
    </Modal>
  );
}
