import {
  useId,
  useRef,
  useState,
  type ComponentPropsWithRef,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { rovingTarget } from './roving-focus';
import css from './tabs.css?inline';

/** A set of tabs: which they are, which one is selected, and the base of their ids. */
export interface Tabs<Name extends string> {
  /** The tabs, in order. */
  names: readonly Name[];
  /** The selected tab: its panel shows, and it is the only tab in the Tab order. */
  selected: Name;
  /** Selects a tab. */
  select: (name: Name) => void;
  /** The base of the tabs' and panels' ids. */
  baseId: string;
}

/** The state of a set of tabs for a {@link TabList} and its {@link TabPanel}s, `initial` selected first. */
export function useTabs<Name extends string>(names: readonly Name[], initial: Name): Tabs<Name> {
  const baseId = useId();
  const [selected, select] = useState(initial);
  return { names, selected, select, baseId };
}

const tabId = (baseId: string, name: string) => `${baseId}-tab-${name}`;
const panelId = (baseId: string, name: string) => `${baseId}-panel-${name}`;

/** Props of {@link TabList}. */
export interface TabListProps<Name extends string> {
  /** The tabs, from {@link useTabs}. */
  tabs: Tabs<Name>;
  /** The text of each tab. */
  labels: Record<Name, ReactNode>;
  /** The tab list's accessible name. */
  label: string;
}

/**
 * A row of tabs that switch panels (WAI-ARIA tabs, automatic activation), with its own styles:
 * one Tab stop on the selected tab; the left and right arrows, Home and End select another tab and
 * move the focus to it. Each tab controls the {@link TabPanel} of its name.
 */
export function TabList<Name extends string>({
  tabs: { names, selected, select, baseId },
  labels,
  label,
}: TabListProps<Name>) {
  const buttons = useRef(new Map<Name, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = names[rovingTarget(event.key, names.indexOf(selected), names.length, 'horizontal') ?? -1];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
    buttons.current.get(next)?.focus();
  };
  return (
    <>
      <style>{css}</style>
      <div role="tablist" aria-label={label} className="kib-tabs" onKeyDown={onKeyDown}>
        {names.map((name) => (
          <button
            key={name}
            ref={(element) => {
              if (element) buttons.current.set(name, element);
              else buttons.current.delete(name);
            }}
            type="button"
            role="tab"
            id={tabId(baseId, name)}
            className="kib-tab"
            aria-selected={selected === name}
            aria-controls={panelId(baseId, name)}
            tabIndex={selected === name ? 0 : -1}
            onClick={() => select(name)}
          >
            {labels[name]}
          </button>
        ))}
      </div>
    </>
  );
}

/** Props of {@link TabPanel}: those of a `div`, besides its tab's. */
export interface TabPanelProps<Name extends string> extends Omit<
  ComponentPropsWithRef<'div'>,
  'id' | 'role' | 'hidden'
> {
  /** The tabs, from {@link useTabs}. */
  tabs: Tabs<Name>;
  /** The panel's tab. */
  name: Name;
}

/** The panel of one tab of a {@link TabList}, named by its tab and hidden while another is selected. */
export function TabPanel<Name extends string>({ tabs, name, ...props }: TabPanelProps<Name>) {
  return (
    <div
      role="tabpanel"
      id={panelId(tabs.baseId, name)}
      aria-labelledby={tabId(tabs.baseId, name)}
      hidden={tabs.selected !== name}
      {...props}
    />
  );
}
