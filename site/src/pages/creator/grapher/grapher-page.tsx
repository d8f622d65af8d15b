import { Grapher } from '@kib/widgets';
import { useLanguage, useT } from '../../../i18n/language';
import { useDocumentTitle } from '../../../ui/use-document-title';
import { useGrapherStore } from './grapher.store';

/** Empties the grapher: one empty graph, default settings. */
function ClearButton() {
  const t = useT();
  const clear = useGrapherStore((s) => s.clear);
  return (
    <button type="button" className="button button-secondary" onClick={clear}>
      {t('creator.grapher-clear')}
    </button>
  );
}

/** The grapher widget bound to the page's store. */
function GrapherPanel() {
  const { language } = useLanguage();
  const functions = useGrapherStore((s) => s.functions);
  const settings = useGrapherStore((s) => s.settings);
  const updateFunction = useGrapherStore((s) => s.updateFunction);
  const addFunction = useGrapherStore((s) => s.addFunction);
  const removeFunction = useGrapherStore((s) => s.removeFunction);
  const updateSettings = useGrapherStore((s) => s.updateSettings);
  return (
    <Grapher
      functions={functions}
      settings={settings}
      lang={language}
      onFunctionChange={updateFunction}
      onAddFunction={addFunction}
      onRemoveFunction={removeFunction}
      onSettingsChange={updateSettings}
    />
  );
}

/**
 * The creator's function grapher (/creator/graphertool, spec 02 §2): plots functions to try them
 * out or to save a picture for a problem. The graphs stay on this device between visits.
 */
export function GrapherPage() {
  const t = useT();
  useDocumentTitle(t('creator.grapher-title'));
  return (
    <div className="teacher-page creator-page grapher-page">
      <div className="teacher-page-header">
        <h1>{t('creator.grapher-title')}</h1>
        <ClearButton />
      </div>
      <p className="teacher-lead">{t('creator.grapher-intro')}</p>
      <GrapherPanel />
    </div>
  );
}
