import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { TabList, TabPanel, useTabs } from './tabs';

type Name = 'one' | 'two' | 'three';
const NAMES: readonly Name[] = ['one', 'two', 'three'];

function Tabs() {
  const tabs = useTabs(NAMES, 'one');
  return (
    <>
      <TabList tabs={tabs} labels={{ one: 'One', two: 'Two', three: 'Three' }} label="Numbers" />
      {NAMES.map((name) => (
        <TabPanel key={name} tabs={tabs} name={name} tabIndex={0}>
          Panel {name}
        </TabPanel>
      ))}
    </>
  );
}

describe('TabList and TabPanel', () => {
  it('tie each tab to its panel, show the selected one and keep one Tab stop', async () => {
    const screen = await render(<Tabs />);
    const list = screen.getByRole('tablist', { name: 'Numbers' });
    await expect.element(list).toHaveClass('kib-tabs');
    const one = screen.getByRole('tab', { name: 'One' });
    await expect.element(one).toHaveAttribute('aria-selected', 'true');
    await expect.element(one).toHaveAttribute('tabindex', '0');
    await expect.element(one).toHaveClass('kib-tab');
    await expect.element(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('tabindex', '-1');
    const panel = screen.getByRole('tabpanel', { name: 'One' });
    await expect.element(panel).toHaveTextContent('Panel one');
    await expect.element(one).toHaveAttribute('aria-controls', panel.element().id);
    expect(screen.getByRole('tabpanel').elements()).toHaveLength(1);

    await screen.getByRole('tab', { name: 'Three' }).click();
    await expect.element(screen.getByRole('tabpanel', { name: 'Three' })).toHaveTextContent('Panel three');
    await expect.element(one).toHaveAttribute('aria-selected', 'false');
  });

  it('moves the selection and the focus with the arrows, Home and End', async () => {
    const screen = await render(<Tabs />);
    const tab = (name: string) => screen.getByRole('tab', { name });
    await userEvent.click(tab('One'));
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(tab('Two')).toHaveFocus();
    await expect.element(tab('Two')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    await expect.element(tab('Three')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(tab('One')).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(tab('Three')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect.element(tab('One')).toHaveFocus();
    await expect.element(screen.getByRole('tabpanel', { name: 'One' })).toBeVisible();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(tab('One')).toHaveFocus();
  });
});
