import type { ChoiceDraft, MathType } from '@kib/core';
import type { Language } from '@kib/i18n';
import type { MathfieldElement } from 'mathlive';
import { useState } from 'react';
import { expect } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { createSiteApi } from '../../../app/api';
import { createQueryClient, SiteProviders } from '../../../app/providers';
import { stubApi } from '../../../test/render-site';
import '../../../app/site.css';
import { MathTypeForm } from './index';

/** What the form reported: every onChange, the last first. */
export interface FormReport {
  changes: { data: unknown; choices: ChoiceDraft[] }[];
  pictures: { key: string; file: File | null }[];
  /** The last record reported (or the initial one). */
  readonly data: unknown;
  readonly choices: ChoiceDraft[];
}

/** A parent that keeps the record as the creation tool does and feeds it back to the form. */
function Parent({
  mathType,
  data,
  choices,
  errors,
  report,
}: {
  mathType: MathType;
  data: unknown;
  choices: ChoiceDraft[];
  errors?: Record<string, string>;
  report: FormReport;
}) {
  const [state, setState] = useState({ data, choices });
  return (
    <main>
      <h1>Creator</h1>
      <MathTypeForm
        mathType={mathType}
        data={state.data}
        choices={state.choices}
        errors={errors}
        idPrefix="n1"
        onChange={(next) => {
          report.changes.push(next);
          setState(next);
        }}
        onChoicePicture={(key, file) => report.pictures.push({ key, file })}
      />
    </main>
  );
}

/** Renders one math type's form inside the site's providers, the record kept by a parent. */
export async function renderForm(
  mathType: MathType,
  options: {
    data?: unknown;
    choices?: ChoiceDraft[];
    errors?: Record<string, string>;
    language?: Language;
  } = {},
) {
  const initial = { data: options.data ?? null, choices: options.choices ?? [] };
  const report: FormReport = {
    changes: [],
    pictures: [],
    get data() {
      return report.changes.at(-1)?.data ?? initial.data;
    },
    get choices() {
      return report.changes.at(-1)?.choices ?? initial.choices;
    },
  };
  const screen = await render(
    <SiteProviders
      api={createSiteApi({ fetch: stubApi().fetch })}
      language={options.language ?? 'es'}
      queryClient={createQueryClient()}
    >
      <Parent
        mathType={mathType}
        data={initial.data}
        choices={initial.choices}
        errors={options.errors}
        report={report}
      />
    </SiteProviders>,
  );
  return { screen, report };
}

/** The math field with this id, once MathLive has made it. */
export async function mathField(id: string): Promise<MathfieldElement> {
  await expect.poll(() => document.getElementById(id)?.tagName.toLowerCase()).toBe('math-field');
  return document.getElementById(id) as MathfieldElement;
}

/** Focuses the math field with this id and types `keys` in it, as a creator does. */
export async function typeMath(id: string, keys: string): Promise<void> {
  const field = await mathField(id);
  field.focus();
  await expect.poll(() => !!field.shadowRoot?.activeElement).toBe(true);
  await userEvent.keyboard(keys);
  await expect.poll(() => field.value.length > 0 || keys.length === 0).toBe(true);
}
